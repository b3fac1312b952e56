"""nuraghe's games under OpenSpiel's Python names ("pyspiel-style"), so that code written against
pyspiel's Game and State runs on them: ``nuraghe.load_game(name, params)`` is a SpielGame, and its
states are SpielStates.

Everything here is a thin layer over ``nuraghe.State``: a move applied is the game's own ``apply``,
a resample its ``determinize``. The layer adds only what pyspiel has and nuraghe's state does not:
methods where nuraghe has properties (``is_terminal()``, ``current_player()``), OpenSpiel's player
ids, the history of actions (nuraghe's states do not keep one), and ``serialize``, which carries
that history beside the position. docs/python.md, "pyspiel-style API", lists every difference.
"""

import json
import math
import operator
import random
from collections import namedtuple

from . import _nuraghe
from ._nuraghe import InputError, State


class PlayerId:
    """OpenSpiel's ids of who moves that are not seats (pyspiel.PlayerId). nuraghe has no chance
    nodes, so CHANCE never comes back from current_player(); it is here so that comparisons with it
    read as they do with pyspiel."""
    CHANCE = -1
    SIMULTANEOUS = -2
    INVALID = -3
    TERMINAL = -4


# One entry of full_history(): a seat and the action it took (a joint move is one entry a seat).
PlayerAction = namedtuple("PlayerAction", "player action")

# The few facts of pyspiel's GameType that nuraghe knows (values are OpenSpiel's enum names, lower case).
GameType = namedtuple("GameType", [
    "short_name", "long_name", "dynamics", "chance_mode", "information", "utility", "reward_model",
    "min_num_players", "max_num_players", "provides_information_state_string",
    "provides_information_state_tensor", "provides_observation_string", "provides_observation_tensor",
    "parameter_specification",
])

_FORMAT = "nuraghe-spiel-state/1"  # the tag of serialize()'s JSON, checked by deserialize_state
_SEED_RANGE = 1 << 64  # nuraghe's seeds: 0 to 2**64 - 1


# ---- arguments: one exception a mistake, naming the argument (as the module's own errors do) ------

def _type_name(value):
    return type(value).__name__


def _integer(where, name, value):
    """An int or anything operator.index takes (numpy's integers), never a bool or a float: what the
    module accepts for an integer argument. A TypeError naming the argument otherwise."""
    if isinstance(value, bool):
        raise TypeError("%s: %s= must be an int (or a numpy integer), not a bool" % (where, name))
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError("%s: %s= must be an int (or a numpy integer), not a %s" %
                        (where, name, _type_name(value))) from None


def _parse_game_string(text):
    """pyspiel's "name(key=value,...)": the name and the parameters as str (the game reads them as
    it reads -o key=value; players and seed become ints in load_game)."""
    name, _, rest = text.partition("(")
    params = {}
    if rest:
        if not rest.endswith(")"):
            raise InputError('load_game: game="%s" must be a name or name(key=value,...)' % text)
        for item in filter(None, (x.strip() for x in rest[:-1].split(","))):
            key, eq, value = item.partition("=")
            if not eq or not key.strip():
                raise InputError('load_game: game="%s": "%s" is not key=value' % (text, item))
            params[key.strip()] = value.strip()
    return name.strip(), params


def load_game(game, params=None):
    """A SpielGame: nuraghe's game ``game`` under pyspiel's names.

    ``params``, as pyspiel's: a dict of the game's parameters, or None. ``players`` is the seat
    count, ``seed`` seeds the deals of new_initial_state() (0 when absent), ``map`` names a map or
    board file (as new_game's map=), and every other key is one of the game's options
    (``game_info(name)["options"]``), with the values new_game's options= takes. The game may also
    be given as pyspiel's string, ``"goofspiel(cards=5,players=3)"``. A game without an action
    space (``game_info(name)["tensors"]`` False) is refused: this API is made of actions."""
    if not isinstance(game, str):
        raise TypeError("load_game: game= must be a str (a game's name), not a " + _type_name(game))
    name, given = _parse_game_string(game)
    if params is not None:
        if not isinstance(params, dict):
            raise TypeError("load_game: params= must be a dict or None, not a " + _type_name(params))
        if given:
            raise InputError('load_game: give the parameters in game="%s" or in params=, not both' % game)
        given = dict(params)
    for key in given:
        if not isinstance(key, str):
            raise TypeError("load_game: params= keys must be str (parameter names), not a " + _type_name(key))
    players = given.pop("players", 0)
    seed = given.pop("seed", 0)
    map_file = given.pop("map", None)
    # From the string form both arrive as text: read them as the ints they name.
    if isinstance(players, str) and players.strip().isdigit():
        players = int(players)
    if isinstance(seed, str) and seed.strip().isdigit():
        seed = int(seed)
    players = _integer("load_game", "params[\"players\"]", players)
    seed = _integer("load_game", "params[\"seed\"]", seed)
    if not 0 <= seed < _SEED_RANGE:
        raise InputError('load_game: params["seed"]=%d must be a whole number in [0, %d]' % (seed, _SEED_RANGE - 1))
    info = _nuraghe.game_info(name)  # an unknown game: the module's one-line InputError
    if not info["tensors"]:
        raise InputError('load_game: %s has no action space and observation vector, which the '
                         'pyspiel-style API needs (game_info("%s")["tensors"] is False); use nuraghe.new_game'
                         % (name, name))
    # The first state checks the seat count, options and map as new_game does, in its words.
    probe = _nuraghe.new_game(name, players=players, seed=seed, options=given or None, map=map_file)
    return SpielGame(name, info, probe, seed, given, map_file)


class SpielGame:
    """A game under pyspiel's names (load_game makes one). Its states come from new_initial_state()."""

    def __init__(self, name, info, probe, seed, options, map_file):
        self._name = name
        self._info = info
        self._options = dict(options)
        self._map = map_file
        self._seed = seed
        self._players = probe.num_players
        self._num_actions = probe.num_actions()
        self._observation_size = len(probe.observation(0))
        self._limits = _nuraghe._game_limits(name)
        # The deals: each new_initial_state() takes the next seed of this stream, so a game loaded
        # with the same params gives the same sequence of deals.
        self._deals = random.Random(seed)

    # -- pyspiel's Game ---------------------------------------------------------------------------

    def new_initial_state(self, seed=None):
        """A new game: the next deal of the game's stream, or the deal of ``seed`` (an extension of
        pyspiel's signature: the seed new_game takes, 0 to 2**64 - 1)."""
        if seed is None:
            seed = self._deals.getrandbits(64)
        else:
            seed = _integer("new_initial_state", "seed", seed)
            if not 0 <= seed < _SEED_RANGE:
                raise InputError("new_initial_state: seed=%d must be a whole number in [0, %d]" %
                                 (seed, _SEED_RANGE - 1))
        state = _nuraghe.new_game(self._name, players=self._players, seed=seed, options=self._options or None,
                                  map=self._map)
        return SpielState(self, state, [], 0)

    def num_players(self):
        return self._players

    def num_distinct_actions(self):
        return self._num_actions

    def max_game_length(self):
        """The game's own bound on the decisions of one game (nuraghe's kMaxGameLength, which its
        invariant tests check): a simultaneous node counts once, as in OpenSpiel. A bound, not the
        longest game: it holds for every option and seat count of the game."""
        return self._limits["max_game_length"]

    def observation_tensor_size(self):
        return self._observation_size

    def observation_tensor_shape(self):
        return [self._observation_size]

    def min_utility(self):
        return 0.0

    def max_utility(self):
        return 1.0

    def utility_sum(self):
        # nuraghe's returns sum to 1: a win is 1, a shared win split, a card game's payoff scaled.
        return 1.0

    def get_parameters(self):
        """The parameters the game was loaded with, the seat count and deal seed included."""
        out = {"players": self._players, "seed": self._seed}
        out.update(self._options)
        if self._map is not None:
            out["map"] = self._map
        return out

    def get_type(self):
        info = self._info
        return GameType(
            short_name=self._name, long_name=info["description"],
            dynamics="simultaneous" if self._limits["simultaneous"] else "sequential",
            # Randomness is drawn inside the state (its deck and seed), never at a chance node:
            # OpenSpiel's name for that is a sampled stochastic game.
            chance_mode="sampled_stochastic",
            information="imperfect_information" if info["hidden_information"] else "perfect_information",
            utility="constant_sum", reward_model="terminal",
            min_num_players=info["min_players"], max_num_players=info["max_players"],
            provides_information_state_string=True, provides_information_state_tensor=False,
            provides_observation_string=False, provides_observation_tensor=True,
            parameter_specification=list(info["options"]))

    def deserialize_state(self, text):
        """The state serialize() wrote (a str). A state of another game or seat count is refused."""
        if not isinstance(text, str):
            raise TypeError("deserialize_state: text= must be a str (what serialize() returned), not a " +
                            _type_name(text))
        try:
            data = json.loads(text)
        except ValueError as e:
            raise InputError("deserialize_state: text= is not JSON: " + str(e).splitlines()[0]) from None
        if not isinstance(data, dict) or data.get("format") != _FORMAT or \
                set(data) != {"format", "position", "history", "move_number"}:
            raise InputError('deserialize_state: text= is not a state serialize() wrote (a JSON object with '
                             '"format": "%s", "position", "history" and "move_number")' % _FORMAT)
        position = data["position"]
        if not isinstance(position, dict) or position.get("game") != self._name:
            raise InputError('deserialize_state: text= holds a position of %s, not of %s' %
                             (json.dumps(position.get("game") if isinstance(position, dict) else None), self._name))
        state = State.from_json(position)  # the game's reader: a malformed position is its InputError
        if state.num_players != self._players:
            raise InputError("deserialize_state: text= holds a state of %d players, this game has %d" %
                             (state.num_players, self._players))
        history = []
        for i, entry in enumerate(data["history"] if isinstance(data["history"], list) else [None]):
            if not (isinstance(entry, list) and len(entry) == 2 and all(type(x) is int for x in entry) and
                    0 <= entry[0] < self._players and 0 <= entry[1] < self._num_actions):
                raise InputError("deserialize_state: text= history[%d] must be [player, action] with a player "
                                 "of the game's %d and an action in [0, %d)" % (i, self._players, self._num_actions))
            history.append(PlayerAction(entry[0], entry[1]))
        moves = data["move_number"]
        if type(moves) is not int or not 0 <= moves <= len(history):
            raise InputError("deserialize_state: text= move_number must be an int in [0, %d]" % len(history))
        return SpielState(self, state, history, moves)

    def __eq__(self, other):
        if not isinstance(other, SpielGame):
            return NotImplemented
        return (self._name, self.get_parameters()) == (other._name, other.get_parameters())

    __hash__ = None  # equal games need not be one object; nothing hashes them

    def __str__(self):
        params = ",".join("%s=%s" % (k, v) for k, v in sorted(self.get_parameters().items()))
        return "%s(%s)" % (self._name, params)

    __repr__ = __str__


class SpielState:
    """A state under pyspiel's names, over a nuraghe.State (``.nuraghe_state``, the same object, for
    nuraghe's own methods: view, determinize, features, render...)."""

    __slots__ = ("_game", "_s", "_history", "_moves")

    def __init__(self, game, state, history, moves):
        self._game = game
        self._s = state
        self._history = history  # PlayerActions, one a seat's action: a joint move is one a seat
        self._moves = moves  # decisions: a joint move counts once

    @property
    def nuraghe_state(self):
        return self._s

    def get_game(self):
        return self._game

    def num_players(self):
        return self._game._players

    def num_distinct_actions(self):
        return self._game._num_actions

    # -- who moves --------------------------------------------------------------------------------

    def current_player(self):
        """A seat, PlayerId.SIMULTANEOUS (-2) or PlayerId.TERMINAL (-4): OpenSpiel's ids, where
        nuraghe's to_move says -1 for a finished game."""
        p = self._s.to_move
        return PlayerId.TERMINAL if p == _nuraghe.TERMINAL else p

    def is_terminal(self):
        return self._s.to_move == _nuraghe.TERMINAL

    def is_simultaneous_node(self):
        return self._s.to_move == _nuraghe.SIMULTANEOUS

    def is_chance_node(self):
        return False  # randomness is drawn inside apply, from the state's own deck and seed

    def is_player_node(self):
        return self._s.to_move >= 0

    def _player(self, where, player):
        """player= as a seat: None is the seat to move, where one seat moves."""
        if player is None:
            p = self._s.to_move
            if p < 0:
                raise InputError("%s: player= is needed %s" % (
                    where, "once the game is over" if p == _nuraghe.TERMINAL else
                    "at a simultaneous node (every player moves)"))
            return p
        p = _integer(where, "player", player)
        if not 0 <= p < self._game._players:
            raise InputError("%s: player=%d: there is no such player (this game has %d)" %
                             (where, p, self._game._players))
        return p

    # -- actions ----------------------------------------------------------------------------------

    def legal_actions(self, player=None):
        """The legal actions of ``player`` (by default the one to move), in increasing order; [] once
        the game is over and for a player not to move. At a simultaneous node name the player:
        nuraghe has no flat joint actions."""
        if player is None and self._s.to_move == _nuraghe.TERMINAL:
            return []
        p = self._player("legal_actions", player)
        if self._s.to_move == _nuraghe.TERMINAL:
            return []
        return sorted(self._s.legal_actions(p))

    def legal_actions_mask(self, player=None):
        mask = [0] * self._game._num_actions
        for a in self.legal_actions(player):
            mask[a] = 1
        return mask

    def _action(self, where, name, value):
        a = _integer(where, name, value)
        if not 0 <= a < self._game._num_actions:
            raise InputError("%s: %s=%d is outside the action space [0, %d)" %
                             (where, name, a, self._game._num_actions))
        return a

    def apply_action(self, action):
        """The action of the player to move. At a simultaneous node use apply_actions."""
        p = self._s.to_move
        if p == _nuraghe.TERMINAL:
            raise InputError("apply_action: the game is over")
        if p == _nuraghe.SIMULTANEOUS:
            raise InputError("apply_action: every player moves at once here: use apply_actions([...]), "
                             "an action a player")
        a = self._action("apply_action", "action", action)
        try:
            self._s.apply(a)
        except InputError:
            # The game's own check (nothing applied); said again in this API's names.
            raise InputError("apply_action: action=%d is not legal for player %d here (legal: %s)" %
                             (a, p, _shown(self.legal_actions(p)))) from None
        self._history.append(PlayerAction(p, a))
        self._moves += 1

    def apply_actions(self, actions):
        """One action a player, in seat order, at a simultaneous node."""
        if self._s.to_move != _nuraghe.SIMULTANEOUS:
            raise InputError("apply_actions: this is not a simultaneous node (use apply_action)" if
                             self._s.to_move >= 0 else "apply_actions: the game is over")
        if isinstance(actions, (str, bytes, dict)) or not hasattr(actions, "__iter__"):
            raise TypeError("apply_actions: actions= must be a list of ints, one a player, not a " +
                            _type_name(actions))
        actions = list(actions)
        n = self._game._players
        if len(actions) != n:
            raise InputError("apply_actions: actions= holds %d actions; give one for each of the %d players" %
                             (len(actions), n))
        joint = [self._action("apply_actions", "actions[%d]" % i, x) for i, x in enumerate(actions)]
        try:
            self._s.apply_joint(joint)
        except InputError:
            for p, a in enumerate(joint):
                legal = self.legal_actions(p)
                if a not in legal:
                    raise InputError("apply_actions: actions[%d]=%d is not legal for player %d here (legal: %s)" %
                                     (p, a, p, _shown(legal))) from None
            raise  # not expected: every action legal, yet refused; the game's own words
        self._history.extend(PlayerAction(p, a) for p, a in enumerate(joint))
        self._moves += 1

    def action_to_string(self, player, action=None):
        """The action's notation, as pyspiel's ``action_to_string(player, action)``; with one
        argument, the action of the player to move."""
        if action is None:
            player, action = None, player
        p = self._player("action_to_string", player)
        return self._s.action_to_move(self._action("action_to_string", "action", action), p)

    def string_to_action(self, player, text=None):
        if text is None:
            player, text = None, player
        p = self._player("string_to_action", player)
        if not isinstance(text, str):
            raise TypeError("string_to_action: text= must be a str (a move's notation), not a " + _type_name(text))
        return self._s.move_to_action(text, p)

    # -- outcomes ---------------------------------------------------------------------------------

    def returns(self):
        """Each player's utility in [0, 1] (nuraghe's, summing to 1) once the game is over; 0 before,
        as pyspiel's returns of a game that rewards only at the end."""
        if self._s.to_move == _nuraghe.TERMINAL:
            return list(self._s.returns())
        return [0.0] * self._game._players

    def rewards(self):
        # All of a game's reward comes with its last move, so the last transition's is the return.
        return self.returns()

    def player_return(self, player):
        return self.returns()[self._player("player_return", player)]

    def player_reward(self, player):
        return self.rewards()[self._player("player_reward", player)]

    # -- history ----------------------------------------------------------------------------------

    def history(self):
        """The actions applied, in order; a joint move adds one action a player, in seat order (as
        OpenSpiel records one). There are no chance outcomes in it: nuraghe has no chance nodes."""
        return [x.action for x in self._history]

    def full_history(self):
        return list(self._history)

    def history_str(self):
        return ", ".join(str(x.action) for x in self._history)

    def move_number(self):
        """Decisions so far: a joint move counts once (len(history()) counts it once a player)."""
        return self._moves

    # -- what a player knows ----------------------------------------------------------------------

    def observation_tensor(self, player=None):
        return self._s.observation(self._player("observation_tensor", player))

    def information_state_string(self, player=None):
        """The player's view (nuraghe.State.view) as canonical JSON text: two states give one string
        if and only if the player sees the same, which is the information set nuraghe's
        determinize and search work with."""
        view = self._s.view(self._player("information_state_string", player))
        return json.dumps(view, sort_keys=True, separators=(",", ":"))

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state of player_id's information set, its hidden parts re-dealt (nuraghe's determinize),
        with this state's history. ``probability_sampler`` is called once and must return a number
        in [0, 1) (pyspiel's UniformProbabilitySampler, or ``random.Random(s).random``), which picks
        the seed of the re-deal; an int is taken as that seed itself."""
        p = self._player("resample_from_infostate", player_id)
        if isinstance(probability_sampler, bool):
            raise TypeError("resample_from_infostate: probability_sampler= must be callable (returning a "
                            "number in [0, 1)) or an int seed, not a bool")
        if callable(probability_sampler):
            u = probability_sampler()
            if isinstance(u, bool) or not isinstance(u, (int, float)) and not hasattr(u, "__float__"):
                raise TypeError("resample_from_infostate: probability_sampler() returned a %s, not a number in [0, 1)"
                                % _type_name(u))
            u = float(u)
            if not 0.0 <= u < 1.0 or math.isnan(u):
                raise InputError("resample_from_infostate: probability_sampler() returned %r, "
                                 "not a number in [0, 1)" % u)
            seed = int(u * _SEED_RANGE)
        else:
            try:
                seed = operator.index(probability_sampler)
            except TypeError:
                raise TypeError("resample_from_infostate: probability_sampler= must be callable (returning a "
                                "number in [0, 1)) or an int seed, not a " + _type_name(probability_sampler)) from None
            if not 0 <= seed < _SEED_RANGE:
                raise InputError("resample_from_infostate: probability_sampler=%d, a seed, must be in [0, %d]" %
                                 (seed, _SEED_RANGE - 1))
        return SpielState(self._game, self._s.determinize(p, seed), list(self._history), self._moves)

    # -- copies, text, comparison -----------------------------------------------------------------

    def clone(self):
        return SpielState(self._game, self._s.clone(), list(self._history), self._moves)

    __copy__ = clone

    def __deepcopy__(self, memo):
        return self.clone()

    def serialize(self):
        """The whole state as one line of JSON text: nuraghe's position (State.to_json, which holds
        the hidden parts and the seed of later draws) and the history. deserialize_state reads it."""
        return json.dumps({"format": _FORMAT, "position": self._s.to_json(),
                           "history": [[x.player, x.action] for x in self._history],
                           "move_number": self._moves}, sort_keys=True, separators=(",", ":"))

    def __eq__(self, other):
        if not isinstance(other, SpielState):
            return NotImplemented
        return self._history == other._history and self._moves == other._moves and self._s == other._s

    __hash__ = None  # it changes as actions apply

    def __str__(self):
        return str(self._s)

    def __repr__(self):
        return "<SpielState %s, %d players, current player %d, %d actions>" % (
            self._game._name, self._game._players, self.current_player(), len(self._history))


def _shown(legal):
    """A legal-action list for an error line: the first ones only when there are many."""
    return str(legal) if len(legal) <= 12 else "[%s, ... %d in all]" % (", ".join(map(str, legal[:12])), len(legal))
