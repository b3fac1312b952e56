"""The pyspiel-style API (nuraghe.load_game; docs/python.md, "pyspiel-style API").

The search and the tournament below are written only against OpenSpiel's names (clone,
legal_actions, apply_action/apply_actions, current_player, is_terminal, returns,
information_state_string, resample_from_infostate, ...), as a researcher's pyspiel code would be,
so that they fail where nuraghe's layer does not behave as pyspiel's does.
"""

import json
import math
import random

import pytest

import nuraghe

TERMINAL, SIMULTANEOUS = -4, -2  # OpenSpiel's player ids


# ---- an information-set MCTS written against the pyspiel API only -------------------------------

class _Node:
    """One information set of one player: visits and summed returns of each action, and how often
    each action was available when the node was visited (ISMCTS's UCB uses that, not the node's
    visits, because a determinization may allow only some of the actions)."""

    __slots__ = ("visits", "value", "available")

    def __init__(self):
        self.visits, self.value, self.available = {}, {}, {}

    def choose(self, legal, rng, c=0.7):
        for a in legal:
            self.available[a] = self.available.get(a, 0) + 1
        untried = [a for a in legal if a not in self.visits]
        if untried:
            return rng.choice(untried)
        return max(legal, key=lambda a: self.value[a] / self.visits[a] +
                   c * math.sqrt(math.log(self.available[a]) / self.visits[a]))

    def update(self, action, value):
        self.visits[action] = self.visits.get(action, 0) + 1
        self.value[action] = self.value.get(action, 0.0) + value


def ismcts(root, iterations, rng, rollout_depth=None):
    """The action of the player to move at ``root`` (a sequential node): each iteration resamples
    the hidden parts from that player's information set, descends the players' information-set
    nodes (keyed by information_state_string), adds the first unseen ones, and plays randomly to
    the end (or rollout_depth decisions past the tree, a cut-off scored as a shared result).
    Returns the action and the root node's visit counts."""
    me = root.current_player()
    n = root.num_players()
    tree = {}
    for _ in range(iterations):
        state = root.resample_from_infostate(me, rng.random)
        path, in_tree, depth = [], True, 0
        while not state.is_terminal():
            if rollout_depth is not None and not in_tree and depth >= rollout_depth:
                break
            movers = list(range(n)) if state.is_simultaneous_node() else [state.current_player()]
            chosen, added = [], False
            for p in movers:
                legal = state.legal_actions(p)
                if in_tree:
                    key = (p, state.information_state_string(p))
                    node = tree.get(key)
                    if node is None:
                        node = tree[key] = _Node()
                        added = True
                    a = node.choose(legal, rng)
                    path.append((node, p, a))
                else:
                    a = rng.choice(legal)
                chosen.append(a)
            if state.is_simultaneous_node():
                state.apply_actions(chosen)
            else:
                state.apply_action(chosen[0])
            in_tree = in_tree and not added
            depth += 0 if in_tree else 1
        values = state.returns() if state.is_terminal() else [1.0 / n] * n
        for node, p, a in path:
            node.update(a, values[p])
    visits = tree[(me, root.information_state_string(me))].visits
    return max(sorted(visits), key=lambda a: visits[a]), visits


def _action_named(state, text):
    for a in state.legal_actions():
        if state.action_to_string(state.current_player(), a) == text:
            return a
    raise AssertionError("no legal action %r" % text)


def test_ismcts_beats_random_at_kuhn():
    game = nuraghe.load_game("kuhn", {"seed": 11})
    rng = random.Random(5)
    total, games = 0.0, 400
    for i in range(games):
        seat = i % 2  # the search sits in both seats, half the games each
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == seat:
                action, _ = ismcts(state.clone(), 60, rng)
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
        total += state.returns()[seat]
    # Random against random scores 0.5 on average (the returns sum to 1; 0.502 over 2,000 games of
    # this stream), the search about 0.57 (0.572 over 1,000). 0.54 is over 2.5 standard errors of
    # the mean of 400 games above what random play scores.
    assert total / games > 0.54, total / games


def test_ismcts_finds_kuhns_dominant_replies():
    # Facing a bet after passing, calling with the King always wins and calling with the Jack
    # always loses: with the opponent's card resampled, the search must find both.
    game = nuraghe.load_game("kuhn", {"seed": 3})
    seen = set()
    for _ in range(40):
        state = game.new_initial_state()
        card = json.loads(state.information_state_string(0))["card"]
        if card == "Q" or card in seen:
            continue
        seen.add(card)
        state.apply_action(_action_named(state, "pass"))
        state.apply_action(_action_named(state, "bet"))
        assert state.current_player() == 0 and len(state.history()) == 2
        before = state.serialize()
        action, visits = ismcts(state, 200, random.Random(1))
        assert state.serialize() == before  # the search worked on resamples and clones only
        assert sum(visits.values()) == 200
        assert state.action_to_string(0, action) == ("bet" if card == "K" else "pass"), (card, visits)
    assert seen == {"J", "K"}


def test_ismcts_on_sardegna_for_a_few_moves():
    game = nuraghe.load_game("sardegna", {"players": 3, "seed": 7})
    state = game.new_initial_state()
    rng = random.Random(2)
    for _ in range(3):
        me = state.current_player()
        assert me >= 0
        # Resampling keeps what the player knows and what it may do (nuraghe's determinize).
        sample = state.resample_from_infostate(me, rng.random)
        assert sample.information_state_string(me) == state.information_state_string(me)
        assert sample.legal_actions(me) == state.legal_actions(me)
        assert sample.history() == state.history()
        action, visits = ismcts(state, 12, random.Random(len(state.history())), rollout_depth=15)
        again, _ = ismcts(state, 12, random.Random(len(state.history())), rollout_depth=15)
        assert action == again  # the same sampler draws, the same search
        assert action in state.legal_actions() and sum(visits.values()) == 12
        state.apply_action(action)
    assert len(state.history()) == 3 and state.move_number() == 3


# ---- a random-rollout tournament on every game --------------------------------------------------

def _settings(name):
    """Seat counts and games for each game, few where games are long."""
    info = nuraghe.game_info(name)
    long_games = name in ("sardegna", "ttr", "bardagi")
    return sorted({info["min_players"], info["max_players"]}), (3 if long_games else 25)


@pytest.mark.parametrize("name", nuraghe.games())
def test_random_tournament_on_every_game(name):
    if not nuraghe.game_info(name)["tensors"]:
        with pytest.raises(nuraghe.InputError, match="tensors"):
            nuraghe.load_game(name)
        return
    seats, count = _settings(name)
    for players in seats:
        game = nuraghe.load_game(name, {"players": players, "seed": 100 + players})
        n, size, actions = game.num_players(), game.observation_tensor_size(), game.num_distinct_actions()
        assert n == players and size > 0 and actions > 0 and game.max_game_length() > 0
        simultaneous_seen = False
        wins = [0.0] * n
        rng = random.Random(players)
        for _ in range(count):
            state = game.new_initial_state()
            applied = decisions = 0
            twin = None  # a copy read back from serialize(), played in lockstep to the end
            while not state.is_terminal():
                assert not state.is_chance_node()
                assert state.returns() == [0.0] * n and state.rewards() == [0.0] * n
                if rng.random() < 0.1:
                    for p in range(n):
                        assert len(state.observation_tensor(p)) == size
                        # The layer says what nuraghe's state says (its own tests check that).
                        legal = state.legal_actions(p)
                        assert legal == sorted(state.nuraghe_state.legal_actions(p))
                        assert state.legal_actions_mask(p) == [int(a in legal) for a in range(actions)]
                    copy = game.deserialize_state(state.serialize())
                    assert copy == state and copy.serialize() == state.serialize()
                    assert copy.history() == state.history()
                    if twin is None:
                        twin = copy
                if state.is_simultaneous_node():
                    simultaneous_seen = True
                    assert state.current_player() == SIMULTANEOUS
                    joint = []
                    for p in range(n):
                        legal = state.legal_actions(p)
                        assert legal and legal == sorted(set(legal)) and 0 <= legal[0] and legal[-1] < actions
                        joint.append(rng.choice(legal))
                    state.apply_actions(joint)
                    if twin is not None:
                        twin.apply_actions(joint)
                    applied += n
                else:
                    p = state.current_player()
                    assert 0 <= p < n
                    legal = state.legal_actions()
                    assert legal == state.legal_actions(p) and legal == sorted(set(legal))
                    assert 0 <= legal[0] and legal[-1] < actions
                    assert all(state.legal_actions(q) == [] for q in range(n) if q != p)
                    a = rng.choice(legal)
                    state.apply_action(a)
                    if twin is not None:
                        twin.apply_action(a)
                    applied += 1
                decisions += 1
                assert len(state.history()) == applied and state.move_number() == decisions
            assert decisions <= game.max_game_length()
            assert state.current_player() == TERMINAL and state.legal_actions() == []
            returns = state.returns()
            assert len(returns) == n and all(0.0 <= r <= 1.0 for r in returns)
            assert abs(sum(returns) - 1.0) < 1e-6 and state.rewards() == returns
            for p in range(n):
                assert len(state.observation_tensor(p)) == size
            if twin is not None:  # the deserialized copy drew what the original drew
                assert twin == state and twin.returns() == returns
            end = game.deserialize_state(state.serialize())
            assert end == state and end.is_terminal() and end.returns() == returns
            wins = [w + r for w, r in zip(wins, returns)]
        assert abs(sum(wins) - count) < 1e-6
        # Every game with simultaneous nodes meets one at once (Ticket to Ride's setup keep).
        assert simultaneous_seen == (game.get_type().dynamics == "simultaneous")


def test_simultaneous_games_are_listed():
    names = [g for g in nuraghe.games() if nuraghe.game_info(g)["tensors"]]
    assert {"goofspiel", "bardagi"} <= set(names)
    for g in ("goofspiel", "bardagi"):
        assert nuraghe.load_game(g).get_type().dynamics == "simultaneous"
    assert nuraghe.load_game("kuhn").get_type().dynamics == "sequential"


def test_game_parameters_and_deals():
    game = nuraghe.load_game("goofspiel(cards=5,players=3)")
    assert game.num_players() == 3 and game.num_distinct_actions() == 5
    assert game.get_parameters()["cards"] == "5"
    same = nuraghe.load_game("goofspiel", {"cards": 5, "players": 3})
    # One seed, one stream of deals; new_initial_state(seed) is a deal of its own.
    assert [game.new_initial_state().serialize() for _ in range(3)] == \
           [same.new_initial_state().serialize() for _ in range(3)]
    assert game.new_initial_state(seed=9) == same.new_initial_state(seed=9)
    assert nuraghe.load_game("tictactoe").max_game_length() == 9
    assert nuraghe.load_game("kuhn").max_game_length() == 3
    state = nuraghe.load_game("kuhn").new_initial_state()
    assert state.clone() == state and state.clone() is not state
    assert str(state) and state.is_player_node() and state.legal_actions_mask() == [1, 1]


# ---- refusals: one exception a mistake, naming the argument -------------------------------------

def _refused(kind, match, call):
    with pytest.raises(kind, match=match):
        call()


def test_refusals():
    kuhn = nuraghe.load_game("kuhn")
    s = kuhn.new_initial_state()
    before = s.serialize()
    _refused(nuraghe.InputError, r"apply_action: action=2 is outside the action space \[0, 2\)",
             lambda: s.apply_action(2))
    _refused(nuraghe.InputError, r"action=-1 is outside", lambda: s.apply_action(-1))
    _refused(TypeError, r"apply_action: action= must be an int .*not a bool", lambda: s.apply_action(True))
    _refused(TypeError, r"action= must be an int .*not a float", lambda: s.apply_action(1.0))
    _refused(TypeError, r"action= must be an int .*not a str", lambda: s.apply_action("bet"))
    _refused(nuraghe.InputError, r"legal_actions: player=2: there is no such player \(this game has 2\)",
             lambda: s.legal_actions(2))
    _refused(nuraghe.InputError, r"player=-1: there is no such player", lambda: s.observation_tensor(-1))
    _refused(TypeError, r"information_state_string: player= must be an int", lambda: s.information_state_string("0"))
    _refused(nuraghe.InputError, r"apply_actions: this is not a simultaneous node",
             lambda: s.apply_actions([0, 0]))
    _refused(nuraghe.InputError, r"resample_from_infostate: player=5", lambda: s.resample_from_infostate(5, 1))
    _refused(nuraghe.InputError, r"probability_sampler\(\) returned 1.5",
             lambda: s.resample_from_infostate(0, lambda: 1.5))
    _refused(TypeError, r"probability_sampler\(\) returned a str", lambda: s.resample_from_infostate(0, lambda: "x"))
    _refused(TypeError, r"probability_sampler= must be callable", lambda: s.resample_from_infostate(0, "seed"))
    assert s.serialize() == before  # nothing refused changed the state
    assert s.resample_from_infostate(0, 7).information_state_string(0) == s.information_state_string(0)

    ttt = nuraghe.load_game("tictactoe").new_initial_state()
    ttt.apply_action(4)
    ttt_before = ttt.clone()
    _refused(nuraghe.InputError, r"apply_action: action=4 is not legal for player 1 here \(legal: \[0, 1, 2, 3, 5",
             lambda: ttt.apply_action(4))
    assert ttt == ttt_before and ttt.history() == [4]
    while not ttt.is_terminal():
        ttt.apply_action(ttt.legal_actions()[0])
    _refused(nuraghe.InputError, r"apply_action: the game is over", lambda: ttt.apply_action(0))
    _refused(nuraghe.InputError, r"information_state_string: player= is needed once the game is over",
             lambda: ttt.information_state_string())

    goof = nuraghe.load_game("goofspiel", {"cards": 4}).new_initial_state()
    assert goof.is_simultaneous_node()
    _refused(nuraghe.InputError, r"apply_action: every player moves at once here: use apply_actions",
             lambda: goof.apply_action(0))
    _refused(nuraghe.InputError, r"legal_actions: player= is needed at a simultaneous node",
             lambda: goof.legal_actions())
    _refused(nuraghe.InputError, r"apply_actions: actions= holds 1 actions; give one for each of the 2 players",
             lambda: goof.apply_actions([0]))
    _refused(nuraghe.InputError, r"apply_actions: actions\[1\]=4 is outside the action space \[0, 4\)",
             lambda: goof.apply_actions([0, 4]))
    _refused(TypeError, r"apply_actions: actions= must be a list", lambda: goof.apply_actions(3))
    _refused(TypeError, r"actions\[0\]= must be an int", lambda: goof.apply_actions([None, 1]))
    goof.apply_actions([2, 2])
    goof_before = goof.clone()
    _refused(nuraghe.InputError, r"apply_actions: actions\[0\]=2 is not legal for player 0 here \(legal: \[0, 1, 3\]\)",
             lambda: goof.apply_actions([2, 1]))
    assert goof == goof_before and goof.history() == [2, 2] and goof.move_number() == 1

    _refused(nuraghe.InputError, r"load_game: nim has no action space", lambda: nuraghe.load_game("nim"))
    _refused(nuraghe.InputError, r"unknown game|no game|nope", lambda: nuraghe.load_game("nope"))
    _refused(nuraghe.InputError, r"kuhn plays 2 players, not 3", lambda: nuraghe.load_game("kuhn", {"players": 3}))
    _refused(nuraghe.InputError, r'kuhn: unknown parameter "x"', lambda: nuraghe.load_game("kuhn", {"x": 1}))
    _refused(TypeError, r"load_game: params= must be a dict", lambda: nuraghe.load_game("kuhn", [("players", 2)]))
    _refused(TypeError, r"load_game: game= must be a str", lambda: nuraghe.load_game(None))
    _refused(TypeError, r'params\["players"\]= must be an int', lambda: nuraghe.load_game("kuhn", {"players": 2.0}))
    _refused(nuraghe.InputError, r'params\["seed"\]=-1 must be', lambda: nuraghe.load_game("kuhn", {"seed": -1}))
    _refused(nuraghe.InputError, r"not both", lambda: nuraghe.load_game("goofspiel(cards=4)", {"players": 2}))
    _refused(nuraghe.InputError, r"new_initial_state: seed=-3", lambda: kuhn.new_initial_state(seed=-3))

    _refused(TypeError, r"deserialize_state: text= must be a str", lambda: kuhn.deserialize_state(b"{}"))
    _refused(nuraghe.InputError, r"deserialize_state: text= is not JSON", lambda: kuhn.deserialize_state("{"))
    _refused(nuraghe.InputError, r"not a state serialize\(\) wrote", lambda: kuhn.deserialize_state("{}"))
    goof_text = nuraghe.load_game("goofspiel").new_initial_state().serialize()
    _refused(nuraghe.InputError, r"holds a position of \"goofspiel\", not of kuhn",
             lambda: kuhn.deserialize_state(goof_text))
    _refused(nuraghe.InputError, r"holds a state of 2 players, this game has 3",
             lambda: nuraghe.load_game("goofspiel", {"players": 3}).deserialize_state(goof_text))
    bad = json.loads(before)
    bad["history"] = [[0, 7]]
    _refused(nuraghe.InputError, r"history\[0\] must be \[player, action\]",
             lambda: kuhn.deserialize_state(json.dumps(bad)))
    bad["history"], bad["move_number"] = [], 1
    _refused(nuraghe.InputError, r"move_number must be", lambda: kuhn.deserialize_state(json.dumps(bad)))
