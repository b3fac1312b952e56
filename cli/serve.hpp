#pragma once
// The server of `play --serve`: people play seats of a game from their browsers. One HTTP server
// (Debian's cpp-httplib) in a thread of its own serves each browser seat its page
// (lib/viewer/table.hpp) at an address with a random token, sends the seat's view as the game
// goes and takes its moves; the game itself is played by `play` in the main thread, which calls
// decide() when a browser seat is to move. The server knows no game: it holds each seat's view as
// the game thread built it from what that seat sees, and the seat's legal moves as notations.
//
//   GET  /seat/TOKEN               the seat's page
//   GET  /seat/TOKEN/state?seen=V  the seat's view once it is newer than version V (at once when
//                                  it is; else after up to 10 s, as {"version": V})
//   POST /seat/TOKEN/move          a move's notation, the request's whole body: 200 when it is one
//                                  of the seat's legal moves at a decision it is asked, else 409
//                                  (not its decision) or 422 (not a legal move); nothing changes
//   POST /seat/TOKEN/quit          ends the game unfinished
// Any other request gets 404 (an unknown address or token) or 400 (a malformed `seen`), and a body
// longer than 4096 bytes 413. Every answer says `Cache-Control: no-store`.

#include <memory>
#include <string>
#include <vector>

#include "core/game.hpp"
#include "core/json.hpp"

namespace nuraghe {

// The game is to end before its end: a seat's page asked (quit), or the program was interrupted
// (Ctrl-C, SIGTERM). `play` then writes its log and page as unfinished.
struct TableClosed {};

class TableServer {
 public:
  // Listens on host:port (port 0: a free one the system picks) for the pages of `seats`, each
  // given a token of 128 random bits. InputError in one line when it cannot listen there. While
  // the server lives, SIGINT and SIGTERM end the game (TableClosed) instead of the program.
  TableServer(const std::string& host, int port, const std::vector<Player>& seats);
  ~TableServer();
  TableServer(const TableServer&) = delete;
  TableServer& operator=(const TableServer&) = delete;

  // http://HOST:PORT/seat/TOKEN, the address of the seat's page.
  std::string address(Player seat) const;
  void set_page(Player seat, std::string html);
  // The seat's view as its page is to show it ("version" is added here).
  void publish(Player seat, Json view);
  // Publishes the seat's view, which offers `legal` (the moves' notations), and waits for its
  // page to send one of them; returns it. Throws TableClosed when the game is to end first.
  std::string decide(Player seat, Json view, const std::vector<std::string>& legal);
  // Whether the game is to end (a page's quit, a signal): the game thread asks between moves.
  bool closing() const;
  // After the game: waits until every seat's page has fetched its last view, or `seconds` passed,
  // or a signal came.
  void await_seen(double seconds);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace nuraghe
