// The server of `play --serve` (cli/serve.hpp), on cpp-httplib. One mutex guards every seat's
// view and decision; the handlers wait on one condition variable for a newer view or a move, the
// game thread for a move, a quit or a signal.
#include "cli/serve.hpp"

#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <map>
#include <mutex>
#include <optional>
#include <random>
#include <thread>

#include "core/error.hpp"

namespace nuraghe {

namespace {

// Set by SIGINT and SIGTERM while a server lives; read by the game thread and the waits.
std::atomic<bool> g_interrupted{false};
extern "C" void on_interrupt(int) { g_interrupted.store(true); }

// 128 random bits as 32 lowercase hex digits: a seat's page cannot be found by guessing.
std::string random_token() {
  std::random_device device;
  static constexpr char kHex[] = "0123456789abcdef";
  std::string token;
  for (int i = 0; i < 4; ++i)
    for (std::uint32_t word = device(), k = 0; k < 8; ++k, word >>= 4) token += kHex[word & 15];
  return token;
}

constexpr std::size_t kMaxRequestBody = 4096;  // a move's notation is a line a person types
constexpr auto kLongPoll = std::chrono::seconds(10);
constexpr auto kTick = std::chrono::milliseconds(100);  // how often the game thread looks for a signal

// A move's notation as an error message may quote it: printable ASCII, at most 80 characters.
std::string quoted(const std::string& text) {
  if (text.size() > 80 || !std::all_of(text.begin(), text.end(), [](char c) { return c >= 32 && c < 127; }))
    return "the request";
  return "\"" + text + "\"";
}

}  // namespace

struct TableServer::Impl {
  struct Seat {
    std::string token, page;
    std::string view = "{\"version\":0}";  // the JSON text the page fetches
    long long version = 0, seen = 0;       // the view's version, and the last its page fetched
    std::vector<std::string> legal;        // while `deciding`: the moves it may send
    bool deciding = false;
    std::optional<std::string> chosen;
  };
  httplib::Server server;
  std::thread thread;
  std::string host;
  int port = 0;
  mutable std::mutex mutex;
  std::condition_variable changed;
  std::map<Player, Seat> seats;
  bool quit = false, stopping = false;
  void (*previous_int)(int) = SIG_DFL;
  void (*previous_term)(int) = SIG_DFL;

  Seat* seat_of(const httplib::Request& request) {
    for (auto& [p, seat] : seats)
      if (seat.token == request.matches[1].str()) return &seat;
    return nullptr;
  }
  static void answer(httplib::Response& response, int status, const std::string& text) {
    response.status = status;
    response.set_content(text + "\n", "text/plain; charset=utf-8");
  }
  void routes();
};

void TableServer::Impl::routes() {
  static const std::string seat_path = R"(/seat/([0-9a-f]{32}))";
  server.set_payload_max_length(kMaxRequestBody);
  server.set_default_headers({{"Cache-Control", "no-store"}, {"X-Content-Type-Options", "nosniff"}});
  server.set_error_handler([](const httplib::Request&, httplib::Response& response) {
    if (response.body.empty())
      answer(response, response.status,
             response.status == 404   ? "no such page"
             : response.status == 413 ? "the request is longer than 4096 bytes"
                                      : "refused");
  });
  server.Get(seat_path, [this](const httplib::Request& request, httplib::Response& response) {
    const std::lock_guard lock(mutex);
    const Seat* seat = seat_of(request);
    if (!seat) return answer(response, 404, "no such seat at this table");
    response.set_content(seat->page, "text/html; charset=utf-8");
  });
  server.Get(seat_path + "/state", [this](const httplib::Request& request, httplib::Response& response) {
    std::unique_lock lock(mutex);
    Seat* seat = seat_of(request);
    if (!seat) return answer(response, 404, "no such seat at this table");
    long long seen = 0;
    if (request.has_param("seen")) {
      const std::string text = request.get_param_value("seen");
      const bool digits = !text.empty() && text.size() <= 18 &&
                          std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
      if (!digits || std::stoll(text) > seat->version)
        return answer(response, 400, "seen: " + quoted(text) + " is not a version this seat was sent");
      seen = std::stoll(text);
    }
    changed.wait_for(lock, kLongPoll, [&] { return seat->version != seen || stopping; });
    seat->seen = std::max(seat->seen, seat->version);
    response.set_content(seat->version == seen ? "{\"version\":" + std::to_string(seen) + "}" : seat->view,
                         "application/json; charset=utf-8");
    changed.notify_all();  // await_seen
  });
  server.Post(seat_path + "/move", [this](const httplib::Request& request, httplib::Response& response) {
    const std::lock_guard lock(mutex);
    Seat* seat = seat_of(request);
    if (!seat) return answer(response, 404, "no such seat at this table");
    if (!seat->deciding || seat->chosen) return answer(response, 409, "it is not this seat's decision now");
    if (std::find(seat->legal.begin(), seat->legal.end(), request.body) == seat->legal.end())
      return answer(response, 422, quoted(request.body) + " is not one of this seat's legal moves now");
    seat->chosen = request.body;
    changed.notify_all();
    answer(response, 200, "played");
  });
  server.Post(seat_path + "/quit", [this](const httplib::Request& request, httplib::Response& response) {
    const std::lock_guard lock(mutex);
    if (!seat_of(request)) return answer(response, 404, "no such seat at this table");
    quit = true;
    changed.notify_all();
    answer(response, 200, "the game ends here, unfinished");
  });
}

TableServer::TableServer(const std::string& host, int port, const std::vector<Player>& seats)
    : impl_(std::make_unique<Impl>()) {
  impl_->host = host;
  for (Player p : seats) impl_->seats[p].token = random_token();
  impl_->routes();
  impl_->port = port == 0 ? impl_->server.bind_to_any_port(host) : (impl_->server.bind_to_port(host, port) ? port : -1);
  if (impl_->port < 0)
    input_error("play --serve: cannot listen on " + host + (port ? ":" + std::to_string(port) : "") +
                " (not an address of this machine, or the port is taken)");
  g_interrupted.store(false);
  impl_->previous_int = std::signal(SIGINT, on_interrupt);
  impl_->previous_term = std::signal(SIGTERM, on_interrupt);
  impl_->thread = std::thread([this] { impl_->server.listen_after_bind(); });
}

TableServer::~TableServer() {
  {
    const std::lock_guard lock(impl_->mutex);
    impl_->stopping = true;
  }
  impl_->changed.notify_all();
  impl_->server.stop();
  impl_->thread.join();
  std::signal(SIGINT, impl_->previous_int);
  std::signal(SIGTERM, impl_->previous_term);
}

std::string TableServer::address(Player seat) const {
  const std::string host = impl_->host.find(':') != std::string::npos ? "[" + impl_->host + "]" : impl_->host;
  return "http://" + host + ":" + std::to_string(impl_->port) + "/seat/" + impl_->seats.at(seat).token;
}

void TableServer::set_page(Player seat, std::string html) {
  const std::lock_guard lock(impl_->mutex);
  impl_->seats.at(seat).page = std::move(html);
}

void TableServer::publish(Player seat, Json view) {
  const std::lock_guard lock(impl_->mutex);
  Impl::Seat& s = impl_->seats.at(seat);
  view["version"] = ++s.version;
  s.view = view.dump(-1, ' ', false, Json::error_handler_t::replace);
  impl_->changed.notify_all();
}

std::string TableServer::decide(Player seat, Json view, const std::vector<std::string>& legal) {
  std::unique_lock lock(impl_->mutex);
  Impl::Seat& s = impl_->seats.at(seat);
  view["version"] = ++s.version;
  s.view = view.dump(-1, ' ', false, Json::error_handler_t::replace);
  s.legal = legal;
  s.deciding = true;
  s.chosen.reset();
  impl_->changed.notify_all();
  while (!s.chosen) {
    if (impl_->quit || g_interrupted.load()) {
      s.deciding = false;
      throw TableClosed{};
    }
    impl_->changed.wait_for(lock, kTick);
  }
  s.deciding = false;
  return *s.chosen;
}

bool TableServer::closing() const {
  const std::lock_guard lock(impl_->mutex);
  return impl_->quit || g_interrupted.load();
}

void TableServer::await_seen(double seconds) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  std::unique_lock lock(impl_->mutex);
  const auto all_seen = [&] {
    return std::all_of(impl_->seats.begin(), impl_->seats.end(),
                       [](const auto& seat) { return seat.second.seen == seat.second.version; });
  };
  while (!all_seen() && !g_interrupted.load() && std::chrono::steady_clock::now() < end)
    impl_->changed.wait_for(lock, kTick);
}

}  // namespace nuraghe
