// Trade sessions and the Kaupmadur's home action (Rulings: "Trade sessions", "Free actions, once an activation").
#include <cassert>

#include "games/bardagi/state.hpp"

namespace nuraghe::bardagi {

bool State::may_trade() const {
  // "Trade in Towns (own or other players' Towns). Costs ONE action."
  return on_board(turn, Unit::Kaupmadur) && cards_left[std::size_t(Unit::Kaupmadur)] > 0 &&
         board().kind[unit_area[turn][std::size_t(Unit::Kaupmadur)]] == AreaKind::Town;
}

bool State::may_home_action() const {
  // "If the Kaupmadur is in his home area he can trade ... he can also refill the disks on all
  // buildings": free, once an activation (Rulings: "Free actions, once an activation").
  // With verslun-free-home-action "He does not need to be on Home area": the same one action a round,
  // from any area, not aboard (Rulings: "The home action from anywhere").
  return !used(FreeAction::HomeAction) && on_board(turn, Unit::Kaupmadur) &&
         (unit_area[turn][std::size_t(Unit::Kaupmadur)] == board().home[turn] ||
          has_effect(turn, EffectKind::FreeHomeAction));
}

void State::start_trade() {
  const Village& v = villages[turn];
  int pool = kGoldValue * v.gold;
  for (int r = 0; r < kResources; ++r) pool += kTradeValue[std::size_t(r)] * v.storage[std::size_t(r)];
  trade_pool = std::uint16_t(pool);
  trade_next = 0;
}

bool State::may_end_with(int amount) const {
  if (trade_next >= kResources || amount < 0 || amount > kStorage) return false;
  const int left = trade_pool - kTradeValue[trade_next] * amount;
  if (left < 0) return false;
  // What is left must become whole gold after the later resources take their share: a basic
  // resource among them can take an odd value, mining ones take even values only.
  bool basic_later = false;
  for (int r = trade_next + 1; r < kResources; ++r) basic_later = basic_later || kTradeValue[std::size_t(r)] == 1;
  return basic_later || left % kGoldValue == 0;
}

void State::end_with(int amount) {
  assert(may_end_with(amount));
  Village& v = villages[turn];
  trade_pool = std::uint16_t(trade_pool - kTradeValue[trade_next] * amount);
  v.storage[trade_next] = std::uint8_t(amount);
  if (++trade_next == kResources) v.gold = std::uint16_t(trade_pool / kGoldValue), trade_pool = 0;
}

}  // namespace nuraghe::bardagi
