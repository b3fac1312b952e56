// The upgrade phase: face-up tiles bought, slots and caps (Rulings: "Upgrade costs and stacks").
#include <algorithm>
#include <cassert>

#include "games/bardagi/state.hpp"

namespace nuraghe::bardagi {

int State::slots_used(int p, Building b) const {
  int used = 0;
  for (std::uint32_t u = villages[std::size_t(p)].upgrades; u; u &= u - 1) {
    const UpgradeTile& t = tiles().tiles[std::size_t(std::countr_zero(u))];
    if (t.building == b) used += slots(t.size);
  }
  return used;
}

int State::cap_of(int p, Building b) const {
  int cap = kBaseCap, ceiling = kCapCeiling;
  for (std::uint32_t u = villages[std::size_t(p)].upgrades; u; u &= u - 1) {
    const UpgradeTile& t = tiles().tiles[std::size_t(std::countr_zero(u))];
    const Effect& e = t.effect;
    if (b == Building::Virki && e.kind == EffectKind::BerserkurStrength) cap += e.virki_base - kBaseCap;
    if (b == Building::Virki && (e.kind == EffectKind::BerserkurStrength || e.kind == EffectKind::VirkiCap))
      ceiling = std::max<int>(ceiling, e.virki_max);
    if (b == Building::Virki && e.kind == EffectKind::VirkiCap) cap += e.extra;
    if (t.building == b) cap += t.cap_raise;
  }
  return std::min(cap, ceiling);
}

bool State::may_buy(int tile) const {
  if (phase != Phase::Upgrades || tile < 0 || tile >= tiles().num_tiles || bought[turn] >= kUpgradesPerRound)
    return false;
  const UpgradeTile& t = tiles().tiles[std::size_t(tile)];
  const Village& v = villages[turn];
  bool up = false;
  for (const auto id : visible[std::size_t(stack_of(t.building, t.size))]) up = up || id == tile;
  if (!up || ((v.upgrades >> tile) & 1)) return false;  // "You can only build 1 small upgrade of each type"
  if (slots_used(turn, t.building) + slots(t.size) > kBuildingSlots) return false;
  if (v.gold < t.cost.gold) return false;  // "All required resources must be available ... No late trade"
  for (int r = 0; r < kResources; ++r)
    if (v.storage[std::size_t(r)] < t.cost.resources[std::size_t(r)]) return false;
  return true;
}

void State::buy(int tile) {
  assert(may_buy(tile));
  const UpgradeTile& t = tiles().tiles[std::size_t(tile)];
  Village& v = villages[turn];
  v.gold = std::uint16_t(v.gold - t.cost.gold);
  for (int r = 0; r < kResources; ++r)
    v.storage[std::size_t(r)] = std::uint8_t(v.storage[std::size_t(r)] - t.cost.resources[std::size_t(r)]);
  v.upgrades |= 1u << tile;
  // "If an upgrade is bought, a new one is not shown": the place stays empty until the round's end.
  for (auto& id : visible[std::size_t(stack_of(t.building, t.size))])
    if (id == tile) {
      id = kNoTile;
      break;
    }
  ++bought[turn];
  for (int b = 0; b < kBuildings; ++b) v.cap[std::size_t(b)] = std::uint8_t(cap_of(turn, Building(b)));
}

void State::end_upgrades() {
  const int next = (turn + 1) % players;
  turn = std::uint8_t(next);
  if (next == start_player) start_claim();
}

}  // namespace nuraghe::bardagi
