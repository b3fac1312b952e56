#pragma once
// Ticket to Ride on a map of data (the Sardinia map by default): the state's layout and the moves'
// encoding. Rules: the fan rulebook (Sardinia (fan expansion for Ticket to Ride)), Ticket to Ride: Europe's
// where it is silent, and the readings of docs/rules-ttr.md, cited by title as (Rulings: "Title").
// The rules themselves are in rules.cpp, the final scoring's route-set functions in scoring.hpp.
//
// Sets are masks: routes a RouteSet (128 bits), cities and tickets 64-bit masks; hands are counts
// per card kind. Randomness is data: the train, Materials and ticket decks are stored shuffled, and
// reshuffles of discards draw from an RNG kept in the state.

#include <array>
#include <cstdint>

#include "core/game.hpp"
#include "core/move_list.hpp"
#include "core/rng.hpp"
#include "games/ttr/map.hpp"
#include "games/ttr/payments.hpp"

namespace nuraghe::ttr {

inline constexpr int kMaxSeats = 5;
// Ticket to Ride: Europe's cards (Rulings: "The base game is Europe's"): 12 of each colour and 14 locomotives;
// 5 face up, 4 dealt.
inline constexpr int kCardsPerColour = 12, kLocomotives = 14, kTrainCards = 8 * kCardsPerColour + kLocomotives;
inline constexpr int kFaceUp = 5, kStartingCards = 4;
inline constexpr int kFaceUpLocomotiveLimit = 3;  // 3 face-up locomotives: the five are replaced ...
inline constexpr int kResetsInARow = 3;           // ... at most 3 times in a row, then left
// The Materials deck: "12 Wood cards, 12 Rails cards, 12 Stones cards, 10 Railway cards, 8 Tunnel cards".
inline constexpr std::array<int, kMaterialKinds> kMaterialsOfKind = {12, 12, 12, 10, 8};
inline constexpr int kMaterialCards = 54, kStartingMaterials = 3, kMaterialsLimit = 8;
inline constexpr int kStations = 3, kUnusedStationPoints = 4;
inline constexpr int kSetupLong = 1, kSetupRegular = 3, kSetupKeep = 2, kTicketDraw = 3;
// The most tickets offered at once: a keep move holds its mask over them in 4 bits (`keep 1+2+3+4`),
// and the position reader allows only what the setup and a draw deal.
inline constexpr int kMaxOffered = 4;
static_assert(kSetupLong + kSetupRegular <= kMaxOffered && kTicketDraw <= kMaxOffered);
inline constexpr int kEndCars = 2;           // a turn ending with at most 2 cars starts the last round
inline constexpr int kIdleRoundsLimit = 10;  // Rulings: "The termination safeguard"

enum class Phase : std::uint8_t {
  KeepSetupTickets,  // simultaneous: every seat keeps at least 2 of its 4 dealt tickets
  Turn,              // the seat's turn starts: claim, station, a first draw, tickets, or pass
  SecondDraw,        // after a first draw that allows a second
  KeepTickets,       // after drawing tickets: keep at least 1
  Over
};

// What the first draw of a turn was: it decides the second (Rulings: "Two draws a turn").
enum class FirstDraw : std::uint8_t { None, TrainCard, FaceUpLocomotive, Material };

// A move: its kind in the low 4 bits, then the kind's fields.
//   claim    route (7 bits) | colour (4: 0-7, or kNoColour) | locomotives (4) | Tunnel cards (3) | Railway cards (3)
//   station  city (6) | colour (4) | locomotives (4)
//   face-up  card kind (4)                  deck, tickets, pass: no field
//   materials  discarded kind + 1 (3): 0 when the hand has room
//   keep     ticket mask over the offered tickets (4)
enum class MoveKind : std::uint8_t { Claim, Station, DrawFaceUp, DrawDeck, DrawMaterials, DrawTickets, Keep, Pass };

using MoveList = nuraghe::MoveList<kMaxLegalMoves>;

// Moves: fields above the kind (the layout above).
constexpr Move make_claim(int route, const Payment& p) {
  return Move(MoveKind::Claim) | Move(route) << 4 | Move(p.colour) << 11 | Move(p.locomotives) << 15 |
         Move(p.tunnel_cards) << 19 | Move(p.railway_cards) << 22;
}
constexpr Move make_station(int city, const Payment& p) {
  return Move(MoveKind::Station) | Move(city) << 4 | Move(p.colour) << 10 | Move(p.locomotives) << 14;
}
constexpr Move make_move(MoveKind k, int field = 0) { return Move(k) | Move(field) << 4; }
constexpr MoveKind kind_of(Move m) { return MoveKind(m & 15); }
constexpr int route_of(Move m) { return int(m >> 4) & 127; }
constexpr int city_of(Move m) { return int(m >> 4) & 63; }
constexpr int field_of(Move m) { return int(m >> 4); }
// The payment of a claim of `route` or of a station costing `cost` cards.
constexpr Payment claim_payment(Move m, const Route& route) {
  Payment p{std::uint8_t((m >> 11) & 15), 0, std::uint8_t((m >> 15) & 15), std::uint8_t((m >> 19) & 7),
            std::uint8_t((m >> 22) & 7)};
  p.colour_cards = std::uint8_t(route.length - route.railways - route.tunnels - p.locomotives);
  return p;
}
constexpr Payment station_payment(Move m, int cost) {
  Payment p{std::uint8_t((m >> 10) & 15), 0, std::uint8_t((m >> 14) & 15), 0, 0};
  p.colour_cards = std::uint8_t(cost - p.locomotives);
  return p;
}

struct State {
  // ---- setup: the map, the seats, the rule options
  std::uint16_t map = 0;  // index into the map registry (Map::at)
  std::uint8_t players = 2;
  bool stations_option = true, express = true, touring = false, ferries = false;
  std::uint8_t starting_cars = 45;

  // ---- whose turn, and where in it
  Phase phase = Phase::KeepSetupTickets;
  std::uint8_t turn = 0;  // the seat to move
  FirstDraw first_draw = FirstDraw::None;
  std::int8_t last_round = -1;   // turns left once the last round started (-1: not yet)
  std::uint16_t idle_turns = 0;  // turns since the last claim or station
  std::uint64_t rng_state = 0;   // seeds an Rng for each reshuffle of a discard pile

  // ---- the seats
  std::array<RouteSet, kMaxSeats> routes{};
  std::array<std::uint8_t, kMaxSeats> cars{};
  std::array<std::uint64_t, kMaxSeats> stations{};  // cities
  std::array<Cards, kMaxSeats> cards{};
  std::array<Cards, kMaxSeats> cards_seen{};  // of those, taken face up and not spent since: known to all
  std::array<Materials, kMaxSeats> materials{};
  std::array<std::uint64_t, kMaxSeats> tickets{};    // held
  std::array<std::uint64_t, kMaxSeats> offered{};    // dealt or drawn, not yet kept or returned
  std::array<std::uint8_t, kMaxSeats> setup_kept{};  // tickets kept at setup (public)
  // Per ticket, the seat that put it under the deck or in the box (1 + seat; 0: nobody, as the
  // undealt long tickets): that seat knows where it is. Two tickets a byte.
  std::array<std::uint8_t, kMaxTickets / 2> placed{};

  // ---- the decks (index 0 is the bottom: the top is at [size - 1])
  std::array<std::uint8_t, kTrainCards> train_deck{};  // card kinds
  std::uint8_t train_size = 0;
  Cards train_discards{};
  std::array<std::uint8_t, kFaceUp> face_up{};                    // card kinds; kCardKinds for an empty slot
  std::array<std::uint8_t, kMaterialCards / 2> materials_deck{};  // two kinds a byte (Material fits 4 bits)
  std::uint8_t materials_size = 0;
  Materials materials_discards{};
  std::array<std::uint8_t, kMaxTickets> ticket_deck{};  // regular tickets
  std::uint8_t ticket_size = 0;

  // ---- the game interface (rules.cpp)
  int num_players() const { return players; }
  Player to_move() const {
    return phase == Phase::Over ? kTerminal : phase == Phase::KeepSetupTickets ? kSimultaneous : Player(turn);
  }
  void legal_moves(MoveList& out) const;               // the seat to move's
  void legal_moves(Player seat, MoveList& out) const;  // any seat's: at the setup keep, every seat's
  Move random_move(Rng& rng) const;                    // legal_moves()[rng.below(size)], without the list
  void apply(Move m);
  void apply_joint(const JointMove& joint);
  Values scores() const;             // final points (meaningful once over)
  Values returns() const;            // the win, shared by tied seats (outcome())
  Json view(Player observer) const;  // position.cpp
  std::uint64_t view_hash(Player observer) const { return hash_json(view(observer)); }

  // ---- setup and draws (rules.cpp)
  struct Options {
    bool stations = true, express = true, touring = false, ferries = false;
    int cars = 0;  // 0: 45 with 2-3 players, 40 with 4-5, as the rulebook suggests
  };
  // Shuffles the decks from `seed`, deals 4 train cards, 3 Materials cards and 1 long + 3 regular
  // tickets to each seat (offered, to keep at least 2 of), and turns 5 train cards face up.
  static State setup(const Map& map, int players, const Options& options, std::uint64_t seed);
  const Map& board() const { return Map::at(map); }

  // Whether seat `turn` may now draw: a face-up card of this kind, the train deck's top, a
  // Materials card (Rulings, "Two draws a turn": a face-up locomotive never follows a train card and pairs
  // with at most one Materials card; an empty source is no draw; with 8 Materials cards a discard comes first).
  bool may_draw_face_up(int kind) const;
  bool may_draw_deck() const;
  bool may_draw_materials() const;
  // The draws themselves, each one decision; the turn ends after the second, or after the first
  // when no second is legal.
  void draw_face_up(int kind);
  void draw_deck();
  void draw_materials(int discard);  // discard: a Material kind when holding 8, else -1

  // Tickets: the setup keep (every seat at once, at least 2 of its 4), drawing min(3, deck)
  // regular tickets and keeping at least 1; returned tickets go under the deck.
  void keep_setup_tickets(const std::array<std::uint64_t, kMaxSeats>& kept);
  bool may_draw_tickets() const { return phase == Phase::Turn && ticket_size > 0; }
  void draw_tickets();
  bool may_keep(std::uint64_t kept) const;
  void keep_tickets(std::uint64_t kept);

  // The parts of the seat to move's legal moves, in the list's order: the draws, then (after the
  // tickets) the routes it may claim and pay for, then the cities where it may build a station
  // times the payments of one station (at most kMaxStationPayments: 8 colours x 3 splits of the
  // third station's 3 cards, or 3 locomotives).
  template <class List>
  void draw_moves(List& out) const;
  RouteSet claimable_routes() const;
  static constexpr int kMaxStationPayments = 4 * kCardKinds;
  int station_payments(std::array<Payment, kMaxStationPayments>& payments) const;
  std::uint64_t station_cities() const;

  // Claims and stations: what a payment costs is payments.hpp's; these check the board and the
  // seat's cars, and apply.
  bool may_claim(int route) const;  // unclaimed, the double-route rule, enough cars
  // The same at the seat's turn, for route r of the board, given every seat's claimed routes.
  bool may_claim(const Route& route, int r, const RouteSet& claimed) const;
  void claim(int route, const Payment& p);
  bool may_build_station(int city) const;
  int station_cost() const { return std::popcount(stations[turn]) + 1; }  // the n-th station costs n cards
  void build_station(int city, const Payment& p);
  RouteSet claimed() const {
    RouteSet all;
    for (int q = 0; q < players; ++q) all = all | routes[std::size_t(q)];
    return all;
  }

  // The final score of each seat, part by part (`nuraghe score` prints it), and the outcome.
  struct Breakdown {
    int routes = 0;           // route points (railway and tunnel symbols included)
    int tickets = 0;          // completed tickets' values minus the others'
    int completed = 0;        // tickets completed, through stations' borrowed routes too
    int unused_stations = 0;  // 4 points each
    int trail = 0;            // the longest continuous trail's length
    int ferry_cars = 0;       // cars on ferry routes
    int express = 0, touring = 0, ferries_bonus = 0;
    std::array<int, kMaxCities> borrowed{};  // per station city, the route it borrowed (-1: none)
    int total() const { return routes + tickets + 4 * unused_stations + express + touring + ferries_bonus; }
  };
  std::array<Breakdown, kMaxSeats> breakdown() const;
  // Rank by points, then most completed tickets, then fewest stations used, then the Express
  // bonus; seats still tied share the win (Rulings: "Bonuses and the winner's ties").
  std::array<double, kMaxSeats> outcome() const;

  // Rules the draws rely on (public so tests can call them by name).
  int train_top();                    // the next train card, reshuffling the discards when empty; -1 if none
  int materials_top();                // the same for Materials
  void refill_face_up(int slot);      // from the deck, then the three-locomotive check
  bool train_cards_left() const;      // in the deck or its discards
  void check_face_up_locomotives();   // Europe's: 3 face-up locomotives replace all 5, at most 3 times in a row
  int face_up_count(int kind) const;  // face-up cards of a kind
  void end_turn(bool built = false);  // the next seat's turn; built: a claim or a station, for the safeguard
  bool second_draw_possible() const;

  int placed_by(int ticket) const { return ((placed[std::size_t(ticket >> 1)] >> (4 * (ticket & 1))) & 15) - 1; }
  void set_placed_by(int ticket, int seat) {
    std::uint8_t& byte = placed[std::size_t(ticket >> 1)];
    byte = std::uint8_t((byte & ~(15 << (4 * (ticket & 1)))) | (seat + 1) << (4 * (ticket & 1)));
  }
  std::uint64_t placed_mask(int seat) const {
    std::uint64_t m = 0;
    for (int t = 0; t < kMaxTickets; ++t)
      if (placed_by(t) == seat) m |= std::uint64_t(1) << t;
    return m;
  }
  // A state of `observer`'s information set: what it has not seen re-dealt (docs/rules-ttr.md).
  State determinize(Player observer, Rng& rng) const;

  Material material_at(int i) const { return Material((materials_deck[std::size_t(i >> 1)] >> (4 * (i & 1))) & 15); }
  void set_material(int i, Material m) {
    std::uint8_t& byte = materials_deck[std::size_t(i >> 1)];
    byte = std::uint8_t((byte & ~(15 << (4 * (i & 1)))) | int(m) << (4 * (i & 1)));
  }

  bool operator==(const State&) const = default;
};
static_assert(std::is_trivially_copyable_v<State>);
static_assert(sizeof(State) <= 640, "the Ticket to Ride state must stay within 640 bytes");

}  // namespace nuraghe::ttr
