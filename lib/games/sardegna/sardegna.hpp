#pragma once
// Sardegna (Stefan Dorra): area control on the 16 provinces of Sardinia. Rules: the rulebook, cited by
// page, and where it is silent the readings of docs/rules-sardegna.md, cited by title as
// (Rulings: "Title").
//
// The state is bitboards and packed counters (province sets are uint16_t masks, fort spaces
// uint32_t, harbours uint8_t; villagers and villages are 4-bit counters per province in a
// uint64_t per player). A turn is one decision (play a card and take one of its actions), except
// the Commander's and the Admiral's moves, which are a first step chosen with the card and then
// further steps or "stop", and the Sentinel, whose scoring is followed by the keep/replace choice.

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstdint>

#include "core/bits.hpp"
#include "core/game.hpp"
#include "games/sardegna/board.hpp"

namespace nuraghe {

namespace sardegna {
// What shows the game to people: its texts and its picture (lib/core/hooks.hpp), in
// games/sardegna/presentation.hpp.
struct Presentation;
}  // namespace sardegna

struct Sardegna {
  static constexpr std::string_view kName = "sardegna";
  static constexpr std::string_view kDescription =
      "Sardegna: area control, hidden fort-card order (variant alt-sentinel: private fort cards)";
  static constexpr int kMinPlayers = 2, kMaxPlayers = 4;
  static constexpr bool kHiddenInformation = true;
  static constexpr bool kHasMap =
      true;  // --map FILE: another board (lib/games/sardegna/board.json is the built-in one)
  static constexpr int kMaxMoves = 512;
  // 11 scoring rounds; a round is at most 4 players x 7 cards, each turn at most 6 decisions.
  static constexpr int kMaxGameLength = 11 * 4 * 7 * 6 + 64;
  using MoveList = nuraghe::MoveList<kMaxMoves>;

  static constexpr int kProvinces = sardegna::kProvinces, kForts = sardegna::kForts, kHarbours = sardegna::kHarbours;
  static constexpr int kRowLength = 11;  // fort cards dealt to the row: the game has 11 scorings
  static constexpr int kCapacity = 7;    // priests + villages + villagers in one province
  static constexpr int kSupplyVillagers = 5, kSupplyVillages = 4, kSupplyForts = 3, kSupplyShips = 2;
  static constexpr int kCommanderMoves = 4, kPriestMoves = 3;
  static constexpr std::uint8_t kNoCard = 0xFF;

  enum Card : std::uint8_t { kAdmiral, kCommander, kPriest, kFarmer, kArchitect, kQueen, kSentinel, kCards };
  // Agriculture tokens; 0 is "no token" (harvested).
  enum Token : std::uint8_t { kNoToken, kWheat, kOlive, kWine, kThyme, kCheese, kTokenKinds };
  static constexpr int kTokensOfKind[kTokenKinds] = {0, 2, 4, 4, 3, 3};

  enum class Phase : std::uint8_t { Play, CommanderSteps, AdmiralSteps, SentinelChoice, Discard, Over };

  // A move: kind | card played (kNoCardField for a continuation) | via Queen | a | b.
  enum Kind : std::uint8_t {
    kNoAction,
    kAddShip,
    kShipStep,
    kAddVillager,
    kVillagerStep,
    kAddPriest,
    kPriestMove,
    kHarvest,
    kBuildFort,
    kBuildVillage,
    kPlaySentinel,
    kStop,
    kKeep,
    kReplace,
    kSwap,
    kDiscard
  };
  static constexpr Move kNoCardField = 7;
  static constexpr Move make_move(Kind k, Move card, bool queen = false, Move a = 0, Move b = 0) {
    return Move(k) | card << 4 | Move(queen) << 7 | a << 8 | b << 16;
  }
  static constexpr Move kContinuation = kNoCardField
                                        << 4;  // the card fields of a later step: make_move(Kind(0), kNoCardField)
  static constexpr Kind kind_of(Move m) { return Kind(m & 15); }
  static constexpr Move card_of(Move m) { return (m >> 4) & 7; }
  static constexpr bool queen_of(Move m) { return (m >> 7) & 1; }
  static constexpr Move a_of(Move m) { return (m >> 8) & 0xFF; }
  static constexpr Move b_of(Move m) { return (m >> 16) & 0xFF; }

  // Legal moves come in groups: a move with one field (the card, a or b) running over the set bits
  // of a mask ("commander villager" over the provinces not blocked). legal_moves expands them; a
  // random move needs only their sizes (popcounts), which is what makes random playouts cheap.
  // A turn's first decision always writes the same 15 groups in the same order, empty or not
  // (PlaySlot in rules.cpp): the cards played for nothing, the Sentinel, Admiral 3 (a new ship, a
  // step from each ship), Commander 6 (a new villager, a step from each of at most 5 villager
  // provinces), Priest, Farmer, Architect 2. A card copied by the Queen replaces the card itself.
  struct MoveGroups {
    static constexpr int kCapacity = 16;
    // The move with its running field 0, and in the top byte (above every field) where that field
    // is: 0 (none), 4, 8 or 16. One array instead of two: a store fewer per group.
    std::array<Move, kCapacity> base;
    std::array<std::uint32_t, kCapacity> mask;
    // The moves before each group; above every real count beyond size, so that "the groups that
    // start at or before r" can be counted over all 16 with no bound and no branch. (An empty
    // group starts where the next one does, so the count never ends on it.)
    std::array<std::uint32_t, kCapacity> start;
    std::int64_t size;    // slots written (groups may be empty)
    std::uint64_t total;  // moves in all groups
    // The group's move whose running field is the `bit`-th.
    Move move(int group, int bit) const { return (base[group] & 0xFF'FFFF) | Move(bit) << (base[group] >> 24); }
    // Left unset: a GroupWriter fills it (initialising it first was a tenth of a random move).
  };

  // Fills MoveGroups at slots known when compiling, each group written whether empty or not (no
  // branch on its mask), with the running total in a register: written through the MoveGroups
  // itself, size and total were stored back after every group (the compiler cannot sink those
  // stores past the code between groups).
  struct GroupWriter {
    MoveGroups& out;
    std::uint32_t total = 0;
    void put(int slot, Move m, std::uint32_t bits, int field_shift) {
      assert(slot < MoveGroups::kCapacity && "MoveGroups capacity exceeded");
      out.base[slot] = m | Move(field_shift) << 24, out.mask[slot] = bits, out.start[slot] = total;
      total += std::uint32_t(std::popcount(bits));
    }
    void finish(int slots) {
      for (int i = slots; i < MoveGroups::kCapacity; ++i) out.start[i] = ~0u;
      out.size = slots, out.total = total;
    }
  };

  // Takes groups like a GroupWriter and keeps only whether any of them holds a move.
  struct AnyMove {
    std::uint32_t bits = 0;
    void put(int, Move, std::uint32_t group, int) { bits |= group; }
    explicit operator bool() const { return bits != 0; }
  };

  struct State {
    std::uint16_t board_index = 0;                       // into the board registry (sardegna::Board::at)
    std::uint64_t villagers[kMaxPlayers] = {};           // 4-bit count per province
    std::uint64_t villages[kMaxPlayers] = {};            // 4-bit count per province
    std::uint32_t forts[kMaxPlayers] = {};               // fort spaces
    std::int8_t priest[kMaxPlayers] = {-1, -1, -1, -1};  // province, or -1 in supply
    std::uint8_t ships[kMaxPlayers] = {};                // harbours (a player's two ships never share one)
    std::uint64_t tokens = 0;                            // 4-bit Token per province still on the board
    std::uint8_t harvested[kMaxPlayers][kTokenKinds] = {};
    std::uint16_t score[kMaxPlayers] = {};
    std::uint8_t hand[kMaxPlayers] = {};   // character cards in hand (bit = Card)
    std::uint8_t front[kMaxPlayers] = {};  // played since the last Sentinel
    std::uint8_t row[kRowLength] = {};     // fort cards 0..25 (fort space k+1); kNoCard once scored
    std::uint8_t row_next = 0;             // leftmost remaining row card; it and the next are face up
    std::uint8_t deck[kForts] = {};        // deck[0] is the top card; unused slots are 0
    std::uint8_t deck_known[kForts] = {};  // per card: which players know it
    std::uint8_t deck_size = 0;
    std::uint8_t private_card[kMaxPlayers][2] = {
        {kNoCard, kNoCard}, {kNoCard, kNoCard}, {kNoCard, kNoCard}, {kNoCard, kNoCard}};
    std::uint8_t players = 2;
    std::uint8_t turn = 0;     // the player to move
    std::uint8_t variant = 0;  // 1: alternate Sentinel rules
    Phase phase = Phase::Play;
    std::uint8_t steps_left = 0;           // border crossings left in a Commander move
    std::uint16_t started = 0, ended = 0;  // provinces (harbours) where this move's steps began / ended
    std::uint8_t last_step = 0;            // from * 16 + to of the previous step: steps never go back
    // Derived from the pieces above, kept up to date by apply and recount() (move generation reads
    // them at every decision): every player's pieces per province (4-bit counts: villagers,
    // villages and priests, page 4's capacity), the provinces holding a priest, the harbours that
    // take no further ship and the fort spaces built on.
    std::uint64_t pieces = 0;
    std::uint16_t priests = 0;
    std::uint8_t harbours_full = 0;
    std::uint32_t forts_built = 0;
    void recount() {
      pieces = 0, priests = 0, forts_built = 0;
      for (int p = 0; p < kMaxPlayers; ++p) {
        pieces += villagers[p] + villages[p] + (std::uint64_t(priest[p] >= 0) << (4 * (priest[p] & 15)));
        priests = std::uint16_t(priests | priest_mask(p));
        forts_built |= forts[p];
      }
      harbours_full = count_full_harbours();
    }

    // ---- reading the board -------------------------------------------------------------------
    const sardegna::Board& board() const { return sardegna::Board::at(board_index); }
    static int nibble(std::uint64_t packed, int q) { return int(packed >> (4 * q)) & 15; }
    int scorings() const { return row_next; }
    int villagers_in(int p, int q) const { return nibble(villagers[p], q); }
    int villages_in(int p, int q) const { return nibble(villages[p], q); }
    Token token_in(int q) const { return Token(nibble(tokens, q)); }
    int pieces_in(int q) const { return nibble(pieces, q); }
    bool full(int q) const { return pieces_in(q) >= kCapacity; }
    // A priest's province as a mask, 0 when in supply.
    std::uint16_t priest_mask(int p) const { return std::uint16_t((priest[p] >= 0) << (priest[p] & 15)); }
    std::uint16_t full_mask() const { return nibbles::at_least_seven(pieces); }
    // The loops over players below run over all kMaxPlayers seats: the seats beyond `players` hold
    // nothing, and a fixed count unrolls with no branch.
    // Harbours that take no further ship: as many ships as the capacity (1 with two players, else 2).
    std::uint8_t count_full_harbours() const {
      std::uint8_t once = 0, twice = 0;
      for (int p = 0; p < kMaxPlayers; ++p)
        twice = std::uint8_t(twice | (once & ships[p])), once = std::uint8_t(once | ships[p]);
      return players == 2 ? once : twice;
    }
    // Provinces locked for p: an opponent's priest is there and p's is not. (Another player's
    // priest may share p's province: it is not locked for p either way.)
    std::uint16_t locked_mask(int p) const { return std::uint16_t(priests & ~priest_mask(p)); }
    // Page 4: a province holding an opponent's priest is locked for a player without a priest there.
    bool locked_for(int p, int q) const {
      if (priest[p] == q) return false;
      for (int o = 0; o < players; ++o)
        if (o != p && priest[o] == q) return true;
      return false;
    }
    std::uint16_t villager_provinces(int p) const { return nibbles::nonzero(villagers[p]); }
    int villagers_on_board(int p) const { return nibbles::sum(villagers[p]); }
    int villages_on_board(int p) const { return nibbles::sum(villages[p]); }
    int tokens_harvested(int p) const {
      int n = 0;
      for (int k = 1; k < kTokenKinds; ++k) n += harvested[p][k];
      return n;
    }
    int harbour_capacity() const { return players == 2 ? 1 : 2; }
    int ships_in(int h) const {
      int n = 0;
      for (int p = 0; p < players; ++p) n += (ships[p] >> h) & 1;
      return n;
    }
    int face_up(int i) const { return row_next + i < kRowLength ? row[row_next + i] : -1; }  // i = 0 (leftmost), 1
    // Provinces from which p may harvest: its villager provinces joined by its villagers to a
    // province adjacent to a harbour holding its ship (page 5).
    std::uint16_t harvestable(int p) const;
    // Influence of p in province q (page 7).
    int influence(int p, int q) const { return influence(p, q, board()); }
    // (With the board looked up once, for loops over seats and provinces.)
    int influence(int p, int q, const sardegna::Board& b) const {
      return villagers_in(p, q) + (priest[p] == q) + 2 * villages_in(p, q) +
             std::popcount(unsigned(ships[p] & b.harbours_of[q])) + std::popcount(forts[p] & b.forts_of[q]);
    }

    // ---- the game interface ------------------------------------------------------------------
    int num_players() const { return players; }
    Player to_move() const { return phase == Phase::Over ? kTerminal : Player(turn); }
    void move_groups(MoveGroups& out) const;
    void legal_moves(Sardegna::MoveList& out) const;
    // legal_moves()[rng.below(size)] without building the list: the same move for the same RNG.
    Move random_move(Rng& rng) const;
    void apply(Move m);
    Values scores() const {
      Values v{};
      for (int p = 0; p < players; ++p) v[p] = score[p];
      return v;
    }
    // Most points wins; tied players share the win (page 9; Rulings: "The end and a tie").
    Values returns() const {
      Values v{};
      int best = 0, leaders = 0;
      for (int p = 0; p < players; ++p) best = std::max<int>(best, score[p]);
      for (int p = 0; p < players; ++p) leaders += score[p] == best;
      for (int p = 0; p < players; ++p) v[p] = score[p] == best ? 1.0 / leaders : 0.0;
      return v;
    }
    Json view(Player observer) const;
    std::uint64_t view_hash(Player observer) const { return hash_json(view(observer)); }
    State determinize(Player observer, Rng& rng) const;
    bool operator==(const State&) const = default;

    // ---- rules (public so tests can call them by their rulebook names) -------------------------
    void province_points(int q, int points[kMaxPlayers]) const;      // page 7: adds what scoring q now gives each seat
    void fort_points(int fort_card, int points[kMaxPlayers]) const;  // the same for every province of a fort space
    void score_province(int q);                                      // page 7
    void score_fort(int fort_card);  // page 6: every province on the fort space's border, in id order
    void harvest(int p, int q);      // page 5
    void reveal_after_scoring();     // page 6: the scored card goes under the deck, the next is turned
    void return_hands();             // page 6: everyone takes their played cards back
    void end_turn() {
      turn = std::uint8_t(turn + 1 == players ? 0 : turn + 1), phase = Phase::Play, steps_left = 0, started = ended = 0,
      last_step = 0;
    }
    // The deck is kept in order from index 0 (so one deck has one representation): drawing
    // shifts it, 26 bytes at most.
    std::uint8_t draw_from_deck() {
      const std::uint8_t c = deck[0];
      --deck_size;
      for (int i = 0; i < deck_size; ++i) deck[i] = deck[i + 1], deck_known[i] = deck_known[i + 1];
      deck[deck_size] = 0, deck_known[deck_size] = 0;
      return c;
    }
    void put_under_deck(std::uint8_t card, std::uint8_t known_by) {
      deck[deck_size] = card;
      deck_known[deck_size] = known_by;
      ++deck_size;
    }
    std::uint8_t everyone() const { return std::uint8_t((1u << players) - 1); }

   private:
    // What move generation needs, computed once per call.
    struct Masks {
      std::uint16_t blocked;  // full, or locked for the mover: no villager or village may end there
      std::uint16_t full;
      std::uint16_t locked;
      std::uint8_t ship_targets;  // harbours the mover's ship may go to: not full, not its own
    };
    Masks masks() const {
      const std::uint16_t f = full_mask(), l = locked_mask(turn);
      return {std::uint16_t(f | l), f, l, std::uint8_t(0x7F & ~harbours_full & ~ships[turn])};
    }
    void add_play_moves(MoveGroups& out) const;
    // kFirstStep: the step chosen with the card, which no earlier step can cut. The steps take
    // kSupplyVillagers (kSupplyShips) slots from `slot`, one per piece that might move.
    // `played` is the move's card and Queen fields (make_move(kind 0, card, via_queen)). `Out` is a
    // GroupWriter, or an AnyMove that only asks whether some group is not empty.
    template <bool kFirstStep, class Out>
    void add_villager_steps(Out& out, int slot, Move played, std::uint32_t enabled, int budget, const Masks& m) const;
    template <bool kFirstStep, class Out>
    void add_ship_steps(Out& out, int slot, Move played, std::uint32_t enabled, const Masks& m) const;
    bool any_villager_step(int budget, const Masks& m) const;
    bool any_ship_step() const;
    // The cuts of transpositions between the steps of one move (Rulings: "One path to each end position"):
    // a step never starts where an earlier step ended (A-B then B-C is the step A-C), never ends where one
    // started, and steps come in non-decreasing (from, to) order. Returns the allowed destinations among
    // `targets`.
    // Branch-free: before the first step `started`, `ended` and `last_step` are all zero, which
    // cuts nothing.
    unsigned step_targets(int from, unsigned targets) const {
      // Destinations below k would go back in the order; targets are at most 16 bits, so a shift
      // by 16 cuts them all. (Clamped, not tested: the test was a third of all mispredictions.)
      const int k = std::clamp(int(last_step) - from * 16, 0, 16);
      const unsigned in_order = ~0u << k;
      const unsigned not_ended_here = 0u - ((unsigned(ended) >> from & 1) ^ 1);
      return targets & ~unsigned(started) & in_order & not_ended_here;
    }
  };

  static std::vector<ParamSpec> option_specs() {
    return {ParamSpec::choice("variant", "base", {"base", "alt-sentinel"},
                              "rule set: base game, or the alternate Sentinel variant (page 10)")};
  }
  static State initial(const GameConfig& config);
  static std::uint64_t observe(const State& before, Move m, Player observer);
  static std::string move_to_string(const State& s, Player p, Move m);
  static Move parse_move(const State& s, Player p, std::string_view text);
  static Json to_json(const State& s);
  // The board's hash (results files record it: core/hooks.hpp, HasMap).
  static std::uint64_t map_hash(const State& s) { return s.board().hash; }
  static State from_json(const Json& j);
  // For learning agents (HasTensors, tensors.cpp): every move a turn can have (a card's actions,
  // played or copied by the Queen, over the board's provinces, harbours and fort spaces; the later
  // steps; the Sentinel's choices), numbered once; the observation is the seat's private cards and
  // the public board (docs/rules-sardegna.md, "Action and observation vectors").
  static int num_actions(const State& s);
  static int action_index(const State& s, Move m);
  static Move action_move(const State& s, int a);
  static int observation_size(const State& s);
  static void observation(const State& s, Player p, float* out);
  static std::string render(const State& s, Player observer);
  // Why a move that is not legal is not (help.cpp), in the error of every command reading a move.
  static std::string why_illegal(const State& s, Player p, Move m);
  // The legend, the texts of a move and the picture (presentation.hpp).
  using Presentation = sardegna::Presentation;

  // The heuristic (heuristic.cpp): rollout policy, static evaluation, and the `heuristic` bot.
  static Move heuristic_move(const State& s, Player p, Rng& rng);
  static Move random_move(const State& s, Player, Rng& rng) { return s.random_move(rng); }
  static Values evaluate(const State& s);
  // Named features of a seat's view for learning, the evaluation's parts among them (features.cpp;
  // docs/rules-sardegna.md, "Features").
  static int feature_count(const State& s);
  static std::vector<std::string> feature_names(const State& s);
  static void features(const State& s, Player p, float* out);

  // The names that positions, notation and pictures use (docs/position-format.md, "sardegna").
  static constexpr std::array<std::string_view, kCards> kCardNames = {"admiral",   "commander", "priest",  "farmer",
                                                                      "architect", "queen",     "sentinel"};
  static constexpr std::array<std::string_view, kTokenKinds> kTokenNames = {"none", "wheat", "olive",
                                                                            "wine", "thyme", "cheese"};
  static constexpr std::array<std::string_view, 6> kPhaseNames = {
      "play", "commander-move", "admiral-move", "sentinel-choice", "discard", "over"};
  static const char* card_name(int c) { return kCardNames[std::size_t(c)].data(); }  // literals: 0-terminated
  static const char* token_name(int t) { return kTokenNames[std::size_t(t)].data(); }
};

static_assert(sizeof(Sardegna::State) <= 256, "a Sardegna state must stay within 256 bytes");
static_assert(std::is_trivially_copyable_v<Sardegna::State>);

}  // namespace nuraghe
