#!/usr/bin/python3
"""A whole game of each real game played through clicks at a `play --serve` seat, in Debian's
headless chromium driven by Selenium and ChromeDriver (python3-selenium, chromium-driver).

  tests/table_browser_test.py NURAGHE CHROMEDRIVER

At every decision the script picks a legal move at random and makes it as a person would: it
clicks the board's places the move names (a route, a province, an area), then the words of its
notation, then the move in the list where candidates remain, then "play". The bots play the other
seats. At the end it checks the page (the winner, every move listed) and the game's log (finished,
its moves those the page listed, the human seat's moves those clicked).
"""
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time

from selenium import webdriver
from selenium.common.exceptions import ElementClickInterceptedException, ElementNotInteractableException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

GAMES = [  # game, its options, the bots at the other seats
    ("ttr", ["--players", "2"], "heuristic"),
    ("sardegna", ["--players", "2"], "heuristic"),
    ("bardagi", ["--players", "3"], "heuristic,random"),
]
failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        failures.append(what)


def start(nuraghe, game, options, bots, log):
    process = subprocess.Popen([nuraghe, "play", "--game", game, *options, "--serve", "--human", "0", "--bots", bots,
                                "--seed", "23", "--log", log], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    found = {}
    ready = threading.Event()

    def read():
        for line in process.stdout:
            address = re.match(r"\s*seat 0 plays at (http://\S+)$", line)
            if address:
                found["address"] = address[1]
                ready.set()
        ready.set()

    threading.Thread(target=read, daemon=True).start()
    ready.wait(60)
    if "address" not in found:
        process.kill()
        raise SystemExit(f"{game}: play --serve printed no address: {process.stderr.read()}")
    return process, found["address"]


def wait_for(driver, statuses, seconds=120):
    deadline = time.time() + seconds
    while time.time() < deadline:
        status = driver.find_element(By.TAG_NAME, "body").get_attribute("data-status")
        if status in statuses:
            return status
        time.sleep(0.01)
    raise SystemExit(f"the page never reached {statuses}: {driver.find_element(By.ID, 'status').text}")


def click(driver, element, counts):
    """A person's click where the element shows; a click dispatched to it where another element
    lies over its middle (a city's dot over a route's, a label over an area)."""
    try:
        element.click()
        counts["clicked"] += 1
    except (ElementClickInterceptedException, ElementNotInteractableException):
        driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", element)
        counts["dispatched"] += 1


def picked(driver):
    return driver.find_element(By.ID, "chosen").get_attribute("data-move")


def decide(driver, rng, counts):
    """Makes one random legal move by clicks; returns its notation."""
    state = driver.execute_script("return window.nuragheState")
    decision = state["decision"]
    i = rng.randrange(len(decision["moves"]))
    move = decision["moves"][i]
    for place in decision["places"][i]:
        kind, value = place.split(":", 1)
        selector = f'#board-fixed [data-{kind}="{value}"], #pieces [data-{kind}="{value}"]'
        click(driver, driver.find_element(By.CSS_SELECTOR, selector), counts)
        counts["places"] += 1
    for word in move.split(" "):
        if picked(driver) == move:
            break
        buttons = [b for b in driver.find_elements(By.CSS_SELECTOR, "#words button") if b.get_attribute("data-word") == word]
        if not buttons:
            break
        click(driver, buttons[0], counts)
        counts["words"] += 1
    if picked(driver) != move:
        click(driver, driver.find_element(By.CSS_SELECTOR, f'#candidates button[data-move="{i}"]'), counts)
        counts["listed"] += 1
    if picked(driver) != move:
        raise SystemExit(f"the clicks did not pick {move!r}: {driver.find_element(By.ID, 'chosen').text!r}")
    click(driver, driver.find_element(By.ID, "play"), counts)
    return move


def play(driver, nuraghe, game, options, bots, tmp):
    log = os.path.join(tmp, game + ".jsonl")
    process, address = start(nuraghe, game, options, bots, log)
    driver.get(address)
    rng = random.Random(game)
    counts = {"clicked": 0, "dispatched": 0, "places": 0, "words": 0, "listed": 0}
    moves, version, sent = [], -1, 0
    started = time.time()
    while True:
        status = wait_for(driver, {"deciding", "over", "closed", "error"})
        if status != "deciding":
            break
        state = driver.execute_script("return window.nuragheState")
        if state["version"] == version:  # the move just sent is still shown: wait for the next view
            if time.time() - sent > 90:
                raise SystemExit(f"{game}: no new view 90 s after {moves[-1]!r} was sent: "
                                 f"{driver.find_element(By.ID, 'message').text}")
            time.sleep(0.01)
            continue
        version = state["version"]
        moves.append(decide(driver, rng, counts))
        sent = time.time()
    seconds = time.time() - started
    check(status == "over", f"{game}: the page shows the end ({status}: {driver.find_element(By.ID, 'status').text})")
    try:
        rc = process.wait(60)
    except subprocess.TimeoutExpired:
        process.kill()
        rc = "killed"
    check(rc == 0, f"{game}: play --serve exits when the page has shown the end (exit {rc}) {process.stderr.read().strip()}")
    with open(log) as f:
        lines = [json.loads(line) for line in f]
    plies = [line for line in lines if "ply" in line]
    check("result" in lines[-1], f"{game}: the log is of a finished game")
    listed = len(driver.find_elements(By.CSS_SELECTOR, "#log li"))
    check(listed == len(plies), f"{game}: the page lists the log's {len(plies)} moves ({listed})")
    # Seat 0's moves in the log: its own, and its part of each simultaneous one ("m0,m1,...").
    mine = [line["move"] if line["player"] == 0 else line["move"].split(",")[0] for line in plies
            if line["player"] in (0, "all")]
    rest = iter(mine)  # the clicked moves, in order, among them (a single legal move is played unasked)
    check(all(move in rest for move in moves), f"{game}: the {len(moves)} moves clicked are seat 0's in the log")
    winner = driver.find_element(By.ID, "winner").text
    check(winner != "", f"{game}: the page names the result: {winner}")
    print(f"     {game}: {len(moves)} decisions in {seconds:.0f} s; clicks {counts}", flush=True)
    check(counts["places"] > 0 and counts["words"] > 0, f"{game}: moves were made on the board and by words")


def main():
    nuraghe, chromedriver = sys.argv[1], sys.argv[2]
    options = webdriver.ChromeOptions()
    for argument in ("--headless", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000"):
        options.add_argument(argument)
    options.binary_location = os.environ.get("NURAGHE_CHROMIUM", "/usr/bin/chromium")
    driver = webdriver.Chrome(service=Service(executable_path=chromedriver), options=options)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for game, game_options, bots in GAMES:
                play(driver, nuraghe, game, game_options, bots, tmp)
    finally:
        driver.quit()
    if failures:
        print(f"{len(failures)} failed")
        sys.exit(1)


if __name__ == "__main__":
    main()
