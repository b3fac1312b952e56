#!/usr/bin/env python3
"""`nuraghe play --serve` over HTTP, without a browser (Python's standard library only).

  tests/table_http_test.py NURAGHE

- A whole game of Ticket to Ride between two browser seats, played by this script through the
  seats' addresses: every answer each seat was sent is kept, and none sent before the end holds a
  ticket the other seat was dealt and it was never shown (tickets are hidden; their names are the
  secrets a page could leak); the log and the page are written, the log's moves are the pages'.
- Refusals: an unknown token or address (404), a malformed `seen` (400), a move when it is not the
  seat's decision (409), an illegal or garbled move (422), an oversized body (413); none changes the
  seat's view.
- The end before the end: the page's quit and Ctrl-C (SIGINT) each end the game unfinished, with
  the log and the page written.
"""
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)


def request(url, body=None):
    """(status, text, headers) of a GET, or of a POST with `body` (bytes)."""
    req = urllib.request.Request(url, data=body, method="POST" if body is not None else "GET")
    try:
        with urllib.request.urlopen(req, timeout=30) as reply:
            return reply.status, reply.read().decode("utf-8", "replace"), reply.headers
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace"), error.headers


class Table:
    """A `play --serve` process and its seats' addresses; its stdout read on a thread of its own."""

    def __init__(self, nuraghe, args):
        self.process = subprocess.Popen([nuraghe, "play", "--serve", *args], stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True)
        self.lines, self.addresses = [], {}
        ready = threading.Event()

        def read():
            for line in self.process.stdout:
                self.lines.append(line)
                found = re.match(r"\s*seat (\d+) plays at (http://\S+)$", line)
                if found:
                    self.addresses[int(found[1])] = found[2]
                if line.startswith("play: open each seat"):
                    ready.set()
            ready.set()

        threading.Thread(target=read, daemon=True).start()
        if not ready.wait(60) or not self.addresses:
            self.process.kill()
            raise SystemExit("play --serve printed no addresses: " + "".join(self.lines) + self.process.stderr.read())

    def view(self, seat):
        status, text, _ = request(self.addresses[seat] + "/state")
        assert status == 200, (status, text)
        return text, json.loads(text)

    def move(self, seat, text):
        return request(self.addresses[seat] + "/move", text.encode("utf-8"))[0]

    def finish(self):
        try:
            rc = self.process.wait(90)
        except subprocess.TimeoutExpired:
            self.process.kill()
            rc = "killed after 90 s"
        return rc, self.process.stderr.read()


def play_through(table, seats, rng, sent):
    """Plays random legal moves at every decision of `seats` until every page shows the end. Keeps
    each answer in sent[seat]. Returns the seats' last views."""
    answered = {q: 0 for q in seats}  # the version of the last decision each seat answered
    while True:
        views = {}
        for q in seats:
            text, views[q] = table.view(q)
            sent[q].append(text)
        if all(v["final"] is not None or v.get("unfinished") for v in views.values()):
            return views
        deciding = [q for q in seats if views[q]["decision"] and views[q]["version"] > answered[q]]
        if not deciding:
            if table.process.poll() is not None:
                raise SystemExit("play --serve ended before the end: " + "".join(table.lines[-5:]))
            time.sleep(0.005)
            continue
        q = deciding[0]
        decision = views[q]["decision"]
        i = rng.randrange(len(decision["moves"]))
        if decision["moves"][i].startswith("keep"):  # the tickets kept, by name, as the move's help says
            table.kept[q].update(decision["help"][i].split("; "))
        for help_text in decision["help"]:  # every ticket offered: the seat has seen it
            table.shown[q].update(h for h in help_text.split("; ") if " - " in h)
        status = table.move(q, decision["moves"][i])
        if status != 200:
            raise SystemExit(f"seat {q}'s legal move {decision['moves'][i]!r} was refused: {status}")
        answered[q] = views[q]["version"]


def log_lines(path):
    with open(path) as f:
        return [json.loads(line) for line in f]


def whole_game(nuraghe, tmp):
    log, html = os.path.join(tmp, "ttr.jsonl"), os.path.join(tmp, "ttr.html")
    table = Table(nuraghe, ["--game", "ttr", "--players", "2", "--human", "0,1", "--seed", "17", "--log", log,
                            "--html", html])
    table.kept, table.shown = {0: set(), 1: set()}, {0: set(), 1: set()}
    sent = {0: [], 1: []}
    views = play_through(table, [0, 1], random.Random(17), sent)
    rc, stderr = table.finish()
    check(rc == 0 and stderr == "", f"a whole game of ttr between two browser seats ends (exit {rc}) {stderr.strip()}")
    check(all(v["final"] is not None for v in views.values()), "both pages show the end")
    for q, other in ((0, 1), (1, 0)):
        secrets = table.kept[other] - table.shown[q]
        check(len(secrets) >= 2, f"seat {other} kept tickets seat {q} was never shown ({len(secrets)})")
        before_end = [text for text in sent[q] if '"final":null' in text]
        leaks = sorted({t for t in secrets for text in before_end if t in text})
        check(before_end and not leaks,
              f"none of seat {q}'s {len(before_end)} answers before the end names seat {other}'s tickets {leaks}")
    lines = log_lines(log)
    plies = [line for line in lines if "ply" in line]
    check(lines[0].get("nuraghe") == "play" and "result" in lines[-1], "the log has its header and its result")
    check(all(len(v["log"]) == len(plies) for v in views.values()), f"each page listed the log's {len(plies)} moves")
    with open(html) as f:
        check('id="game-data"' in f.read(), "the game's page is written as play --html writes it")


def refusals(nuraghe, tmp):
    table = Table(nuraghe, ["--game", "sardegna", "--players", "3", "--human", "0,2", "--bots", "random",
                            "--seed", "5", "--log", os.path.join(tmp, "refusals.jsonl")])
    base0, base2 = table.addresses[0], table.addresses[2]
    host = re.match(r"(http://[^/]+)", base0)[1]
    status, page, headers = request(base0)
    check(status == 200 and 'id="table-data"' in page and headers.get("Cache-Control") == "no-store",
          "a seat's address serves its page, not to be cached")
    check(base0 != base2, "each seat has its own address")
    check(request(host + "/")[0] == 404, "the server's root is no page (404)")
    check(request(host + "/seat/" + "0" * 32)[0] == 404, "a guessed token is refused (404)")
    check(request(host + "/seat/" + "0" * 32 + "/move", b"farmer")[0] == 404, "a move to a guessed token (404)")
    check(request(base0 + "/state?seen=abc")[0] == 400, "seen=abc is refused (400)")
    check(request(base0 + "/state?seen=99999999")[0] == 400, "a version never sent is refused (400)")
    check(request(base0 + "/state?seen=-1")[0] == 400, "seen=-1 is refused (400)")
    deadline = time.time() + 30
    while not table.view(0)[1]["decision"] and time.time() < deadline:
        time.sleep(0.01)
    before, view = table.view(0)
    check(view["decision"] is not None, "seat 0 is asked to decide first")
    check(table.move(2, view["decision"]["moves"][0]) == 409, "seat 2 cannot move at seat 0's decision (409)")
    for body, what in ((b"fly to the moon", "an illegal move"), (b"\xff\xfe\x00\x01", "bytes that are no text"),
                       (b"", "an empty body"), (view["decision"]["moves"][0].encode() + b" ", "a legal move plus a space")):
        status, text, _ = request(base0 + "/move", body)
        check(status == 422 and text.count("\n") == 1, f"{what} is refused in one line (422): {text.strip()}")
    check(request(base0 + "/move", b"x" * 5000)[0] == 413, "a body over 4096 bytes is refused (413)")
    check(table.view(0)[0] == before, "after the refusals the seat's view is as it was")
    check(table.move(0, view["decision"]["moves"][0]) == 200, "a legal move is played (200)")
    check(table.move(0, view["decision"]["moves"][0]) in (409, 422, 200), "the same move again is no crash")
    status, _, _ = request(base2 + "/quit", b"")
    check(status == 200, "a page's quit is taken (200)")
    rc, stderr = table.finish()
    lines = log_lines(os.path.join(tmp, "refusals.jsonl"))
    check(rc == 0 and lines[-1] == {"unfinished": True}, f"quit ends the game unfinished (exit {rc}) {stderr.strip()}")


def interrupted(nuraghe, tmp):
    log, html = os.path.join(tmp, "bardagi.jsonl"), os.path.join(tmp, "bardagi.html")
    table = Table(nuraghe, ["--game", "bardagi", "--players", "3", "--human", "1", "--bots", "random,random",
                            "--seed", "9", "--log", log, "--html", html])
    deadline = time.time() + 30
    while not table.view(1)[1]["decision"] and time.time() < deadline:
        time.sleep(0.01)
    table.process.send_signal(signal.SIGINT)  # as Ctrl-C, with the browser closed
    rc, stderr = table.finish()
    lines = log_lines(log)
    check(rc == 0 and lines[-1] == {"unfinished": True} and os.path.exists(html),
          f"Ctrl-C mid-game writes the log and the page, unfinished (exit {rc}) {stderr.strip()}")


def main():
    nuraghe = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        whole_game(nuraghe, tmp)
        refusals(nuraghe, tmp)
        interrupted(nuraghe, tmp)
    if failures:
        print(f"{len(failures)} failed")
        sys.exit(1)


if __name__ == "__main__":
    main()
