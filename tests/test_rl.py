"""canasta.rl (issue 34): the integer action space, observations from the seat's view only, the
PettingZoo environment (``api_test``) and the OpenSpiel game (``random_sim_test``), in every rule set
and player count. Needs the ``[rl]`` extra (skipped without it; CI installs it)."""

from __future__ import annotations

import random
import warnings

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from canasta import GameState, rules  # noqa: E402
from canasta.actions import Action, Op  # noqa: E402
from canasta.presets import PRESETS  # noqa: E402
from canasta.records import position  # noqa: E402
from canasta.rl import env  # noqa: E402
from canasta.rl.actions import ActionSpace, ActionSpaceError, meld_slots  # noqa: E402
from canasta.rl.core import Episode, hand_rewards, make_options, win_rewards  # noqa: E402
from canasta.rl.observation import Observer  # noqa: E402
from canasta.views import seat_view, view  # noqa: E402

# every rule set with every player count it allows
TABLES = [(name, n) for name in PRESETS for n in rules(name).player_counts]


def random_states(name: str, players: int, games: int, steps: int, seed: int = 0):
    """States of random play (each game at most ``steps`` actions)."""
    rs = rules(name, players=players)
    for g in range(games):
        s = GameState.new(rs, seed=seed + g)
        rng = random.Random(seed + g)
        for _ in range(steps):
            if s.is_over:
                break
            yield s, rng
            s.apply_unchecked(rng.choice(s.legal_actions()))


# ---------------------------------------------------------------------------- the action space
@pytest.mark.parametrize(("name", "players"), TABLES)
def test_every_legal_action_has_one_id_and_every_legal_id_is_accepted(name: str, players: int) -> None:
    """Random play: the legal actions' ids are distinct and within the space (no two legal actions
    share an id: the engine lists one per card kind, and the id is its kinds and slots); each id
    built back into an action from its definition alone (cards of its kinds from the hand) is an
    action the engine accepts, with the same id."""
    space = ActionSpace(rules(name, players=players))
    seen = 0
    for s, rng in random_states(name, players, games=2, steps=600):
        ids, actions = space.legal(s)
        assert len(set(ids)) == len(ids) == len(s.legal_actions())
        assert ids == sorted(ids) and all(0 <= i < space.size for i in ids)
        for i, a in zip(ids, actions, strict=True):
            built = space.decode(s, i)
            assert s.why_illegal(built) is None, (name, str(a), str(built))
            assert space.id_of(s, built) == i
        # a few ids not listed are refused (decoded where they can be at all)
        legal = set(ids)
        for i in rng.sample(range(space.size), 5):
            if i in legal:
                continue
            try:
                built = space.decode(s, i)
            except ActionSpaceError:
                continue
            assert s.why_illegal(built) is not None, (name, i, space.describe(i), str(built))
        seen += len(ids)
    assert seen > 500


def test_the_space_is_fixed_by_the_rules_before_play() -> None:
    """The size depends on the rule set only: the same for every state, and the families add up."""
    for name in PRESETS:
        space = ActionSpace(rules(name))
        assert space.size == sum(f.size for f in space.families) == len(space.keys)
        assert ActionSpace(rules(name)).keys == space.keys
    # classic: 8 simple actions, 15 card kinds to discard, 12 meld slots (11 ranks and the black threes)
    classic = ActionSpace(rules("classic"))
    assert meld_slots(rules("classic")) == 12
    sizes = {f.name: f.size for f in classic.families}
    assert sizes["discard"] == 15 and sizes["add"] == 12 * 15
    assert classic.describe(classic.index[("discard", 14)]) == "discard a joker"


def test_interchangeable_cards_share_an_id() -> None:
    """Two kings discarded, where suits never matter (classic), are one id; where there are
    sequences (samba) each suit is its own id."""
    pos = {"rules": "classic", "dealer": 3, "turn": 0, "phase": "play",
           "hands": ["KH KS 5C 7D 9C", "4D 4H 6S", "8C 8D JH", "TC TD QS"],
           "stock": "7C 8S 9S JC", "pile": "4C 9H KD", "melds": [["QH QS QD"], []]}
    s = position(pos)
    space = ActionSpace(s.rules)
    assert space.id_of(s, Action.parse("discard KH")) == space.id_of(s, Action.parse("discard KS"))
    pos["rules"] = "samba"
    t = position(pos)
    samba = ActionSpace(t.rules)
    assert samba.id_of(t, Action.parse("discard KH")) != samba.id_of(t, Action.parse("discard KS"))


def test_an_id_that_is_not_legal_is_refused_and_changes_nothing() -> None:
    e = env("classic")
    e.reset(seed=3)
    mask = e.action_mask()
    bad = int(np.flatnonzero(mask == 0)[0])
    before = e.state.clone()
    with pytest.raises(ActionSpaceError, match="not legal now"):
        e.step(bad)
    assert e.state.hands == before.hands and e.state.nactions == before.nactions


# ---------------------------------------------------------------------------- observations
def other_hands_changed(s: GameState, seat: int, rng: random.Random) -> GameState:
    """The same table with the cards the seat cannot see (other hands, the stock) dealt again: the
    other hands keep their sizes; taken with the pile or not, a card in another hand is hidden."""
    t = s.clone()
    pool = [f for x in range(len(t.hands)) if x != seat for f in t.hand_cards(x)] + list(t.stock)
    rng.shuffle(pool)
    for x in range(len(t.hands)):
        if x == seat:
            continue
        n = t.hn[x]
        t.hands[x] = [0] * 53
        t.hk[x] = [0] * t.model.nkinds
        t.hn[x] = 0
        for f in pool[:n]:
            t.give_card(x, f)
        pool = pool[n:]
    t.stock = pool
    return t


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_no_hidden_card_changes_an_observation(name: str, players: int) -> None:
    """Two states that differ only in the other seats' hidden cards (and the stock's order) give
    the same observation tensor and text for the seat that cannot see them."""
    obs = Observer(rules(name, players=players))
    rng = random.Random(7)
    checked = 0
    for s, _ in random_states(name, players, games=1, steps=400, seed=11):
        if rng.random() > 0.1:
            continue
        seat = rng.randrange(players)
        t = other_hands_changed(s, seat, rng)
        a, b = obs.tensor(s, seat), obs.tensor(t, seat)
        assert a.shape == (obs.size,) and a.dtype == np.float32
        assert np.array_equal(a, b)
        assert obs.string(s, seat) == obs.string(t, seat)
        checked += 1
    assert checked >= 10


def test_the_observation_shows_what_the_view_shows() -> None:
    """The tensor's sections hold the view's facts: own hand by face, hand sizes, the pile's top."""
    s = GameState.new(rules("gvr-club"), seed=5)
    obs = Observer(s.rules)
    seat = 2
    t = obs.tensor(s, seat)
    v = view(s, seat)
    at = obs.at
    assert int(t[at["hand"]:at["hand"] + 53].sum()) == len(v["hand"].split())
    # seats counted from the observer: its own hand size first, then the next player's
    counts = list(t[at["hand_counts"]:at["hand_counts"] + 4])
    assert counts == [v["hand_counts"][(seat + x) % 4] for x in range(4)]
    top = s.pile[-1]
    assert t[at["pile_top"] + top] == 1.0
    assert t[at["stock"]] == v["stock"]
    sv = seat_view(s, seat)
    assert sv.pile_top == top and sv.hand_counts[seat] == len(v["hand"].split())


@pytest.mark.parametrize("name", PRESETS)
def test_writing_an_observation_sets_every_float(name: str) -> None:
    """``Observer.write`` (the environments' fast path: no zeroing first, meld blocks kept per side)
    sets every float of the buffer: written over the previous seat's observation, or over NaNs, it
    gives the observation made afresh, and the text's facts agree with it (hand, pile, scores)."""
    rs = rules(name)
    obs = Observer(rs)
    buf = np.full(obs.size, np.nan, np.float32)
    at = obs.at
    checked = 0
    for s, rng in random_states(name, rs.players, games=2, steps=300, seed=21):
        if rng.random() > 0.2:
            continue
        for seat in range(rs.players):
            fresh = obs.tensor(s, seat)
            obs.write(seat_view(s, seat), buf)
            assert np.array_equal(fresh, buf), (name, s.nactions, seat)
            v = view(s, seat)
            assert int(buf[at["hand"]:at["hand"] + 53].sum()) == len(v["hand"].split())
            assert buf[at["pile"]] == len(s.pile)
            assert buf[at["sides"] + 2] * 1000 == pytest.approx(s.scores[s.seat_side[seat]])
            checked += 1
        buf.fill(np.nan)
    assert checked >= 20


def test_the_pile_cards_are_what_the_log_shows() -> None:
    """``seat_view``'s pile cards are public: the bots' knowledge rebuilds the same pile from the
    seat's view (the log of the hand)."""
    from canasta.bots.knowledge import analyse
    for name in ("classic", "bolivia", "trey-canasta", "american"):
        for s, rng in random_states(name, rules(name).players, games=1, steps=300, seed=3):
            if rng.random() > 0.05:
                continue
            seat = rng.randrange(s.rules.players)
            k = analyse(view(s, seat), s.rules)
            assert k.pile_complete and sorted(k.pile) == sorted(seat_view(s, seat).pile_cards)


# ---------------------------------------------------------------------------- the information state
def afresh(s: GameState, seat: int):
    """What the seat knows, rebuilt from its whole view (the view's log read from the start)."""
    from canasta.bots.knowledge import analyse
    return analyse(view(s, seat), s.rules)


def memory_floats(k, seat: int) -> list[float]:
    """The memory's floats of knowledge ``k`` (``encode.memory`` writes the nonzero counts into a
    zeroed buffer)."""
    from canasta.rl.encode import memory
    n = len(k.known)
    buf = np.zeros(n * 53 + n * 15 + 53, np.float32)
    memory(k.known, k.discarded, k.unseen, seat, buf.data, 0)
    return buf.tolist()


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_the_knowledge_kept_step_by_step_is_the_one_rebuilt_from_the_log(name: str, players: int) -> None:
    """The episode's facts of the hand's log, read on at every step (``LogFacts.follow``) and
    finished with the seat's numbers (``knowledge_of``; ``known_unseen`` for the information state's
    memory alone), give exactly what analysing the seat's whole view gives (every field: known
    cards, discards, unseen cards, the pile, closed canastas),
    along a random game of two hands, for the seat to act every few steps and every seat now and
    then; a clone played on its own way, and a pickled copy, keep theirs right; and a state whose
    other hands were dealt again (the cards the seat cannot see) gives the same memory floats (no
    hidden card reaches them)."""
    import pickle
    ep = Episode.new(make_options(name, max_hands=2, players=players), seed=31)
    rng = random.Random(5)
    clones: list[tuple[Episode, random.Random]] = []
    steps = checked = 0
    new_hand = -1  # the step the second hand began
    while not ep.done:
        s = ep.state
        ep.facts()  # read on at every step
        if new_hand < 0 and s.hand_no == 1:
            new_hand = steps
        if steps % 7 == 0 or 0 <= steps - new_hand < 3:
            for seat in (range(players) if steps % 70 == 0 else [s.actor]):
                k = afresh(s, seat)
                assert ep.knowledge(seat) == k, (name, players, steps, seat)
                # the information state's part alone (known_unseen), as the tensor asks it
                assert ep.memory(seat, seat_view(s, seat)) == (k.known, k.discarded, k.unseen)
                checked += 1
        if steps == 60 or (new_hand > 0 and steps == new_hand + 1):
            clones.append((ep.clone(), random.Random(steps)))
            again = pickle.loads(pickle.dumps(ep))
            assert again.knowledge(s.actor) == ep.knowledge(s.actor)
            seat = rng.randrange(players)
            other = Episode(ep.options, other_hands_changed(s, seat, rng))
            assert memory_floats(other.knowledge(seat), seat) == memory_floats(ep.knowledge(seat), seat)
            assert other.memory(seat, seat_view(other.state, seat)) == ep.memory(seat, seat_view(s, seat))
        ep.step(rng.choice(ep.legal()[0]))
        steps += 1
    # the clones go their own ways: each one's facts follow its own moves, not the original's
    for c, crng in clones:
        for i in range(24):
            if c.done:
                break
            c.step(crng.choice(c.legal()[0]))
            if i % 4 == 3:
                seat = crng.randrange(players)
                k = afresh(c.state, seat)
                assert c.knowledge(seat) == k
                assert c.memory(seat, seat_view(c.state, seat)) == (k.known, k.discarded, k.unseen)
    assert new_hand > 0 and checked >= 20 and len(clones) == 2


# ---------------------------------------------------------------------------- PettingZoo
@pytest.mark.parametrize(("name", "players"), TABLES)
def test_pettingzoo_api_test(name: str, players: int) -> None:
    from pettingzoo.test import api_test
    e = env(name, players=players, max_hands=1)
    with warnings.catch_warnings():
        # the dict observations PettingZoo's own classic games give warn the same way
        warnings.filterwarnings("ignore", message="Observation")
        api_test(e, num_cycles=400)


def test_pettingzoo_episode_and_rewards() -> None:
    """A game of one hand to its end: zero-sum rewards, every agent terminated (or truncated)."""
    e = env("gvr-club", max_hands=1, reward="points")
    e.reset(seed=2)
    rng = np.random.default_rng(0)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        total[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert abs(sum(total.values())) < 1e-9 and any(total.values())
    res = e.state.results[-1]
    assert total["player_0"] == pytest.approx((res.totals[0] - res.totals[1]) / 1000)


def test_render_shows_the_seat_to_act() -> None:
    e = env("classic", render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert text is not None and "seat 0" in text and "legal: 0=draw" in text


def test_rewards_are_zero_sum_for_any_number_of_sides() -> None:
    r3 = rules("spanish", players=3)
    assert sum(hand_rewards(r3, [900, -100, 300])) == pytest.approx(0)
    assert hand_rewards(r3, [900, -100, 300])[0] == pytest.approx((900 - 100) / 1000)
    s = GameState.new(r3, seed=1)
    s.scores = [100, 300, 200]
    assert win_rewards(r3, s) == [-0.5, 1.0, -0.5]


def test_bad_options_are_refused_with_a_clear_message() -> None:
    from canasta.errors import RuleError
    with pytest.raises(RuleError, match="unknown rule option 'stock_drew'"):
        env("gvr-club", stock_drew=1)
    with pytest.raises(RuleError, match="reward must be one of win, points"):
        make_options("gvr-club", reward="money")
    with pytest.raises(RuleError, match="max_hands"):
        make_options("gvr-club", max_hands=0)


def test_an_episode_pickles_as_its_record() -> None:
    import pickle
    ep = Episode.new(make_options("samba", max_hands=1), seed=4)
    rng = random.Random(1)
    for _ in range(120):
        ep.step(rng.choice(ep.legal()[0]))
    again = pickle.loads(pickle.dumps(ep))
    assert again.state.hands == ep.state.hands and again.state.pile == ep.state.pile
    assert again.legal()[0] == ep.legal()[0]


# ---------------------------------------------------------------------------- OpenSpiel
@pytest.mark.parametrize(("name", "players"), TABLES)
def test_openspiel_random_sim_test(name: str, players: int) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import canasta.rl.openspiel as cos
    game = pyspiel.load_game(cos.GAME_NAME, {"preset": name, "players": players, "max_hands": 1})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_openspiel_two_hands_with_points() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import canasta.rl.openspiel as cos
    game = pyspiel.load_game(cos.GAME_NAME, {"preset": "gvr-club", "max_hands": 2, "reward": "points",
                                             "house_rules": "go_out_canastas:1"})
    assert game.options.rules.go_out_canastas == 1
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_openspiel_deals_the_engines_game_of_a_seed() -> None:
    """The four chance moves are the seed's bytes: the game dealt is GameState.new(rules, seed)."""
    pyspiel = pytest.importorskip("pyspiel")
    import canasta.rl.openspiel as cos
    game = pyspiel.load_game(cos.GAME_NAME, {"preset": "classic"})
    state = game.new_initial_state()
    for a in cos.seed_actions(123456):
        state.apply_action(a)
    assert state.episode.state.hands == GameState.new(rules("classic"), seed=123456).hands


def test_resampled_states_look_the_same_to_the_player() -> None:
    """resample_from_infostate deals what the player has not seen again: its observation and
    information state are unchanged, the other hands are not (in some of the samples)."""
    pyspiel = pytest.importorskip("pyspiel")
    import canasta.rl.openspiel as cos
    game = pyspiel.load_game(cos.GAME_NAME, {"preset": "gvr-club", "max_hands": 1})
    state = game.new_initial_state()
    for a in cos.seed_actions(9):
        state.apply_action(a)
    rng = random.Random(2)
    for _ in range(80):
        state.apply_action(rng.choice(state.legal_actions()))
    p = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    differ = 0
    for _ in range(5):
        w = state.resample_from_infostate(p, sampler)
        assert w.observation_string(p) == state.observation_string(p)
        assert w.information_state_string(p) == state.information_state_string(p)
        assert w.observation_tensor(p) == state.observation_tensor(p)
        assert w.legal_actions() == state.legal_actions()
        differ += w.episode.state.hands != state.episode.state.hands
        back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, w))[1]
        assert str(back) == str(w)
    assert differ >= 4


def test_openspiel_information_state_tensor_is_the_one_rebuilt_from_the_log() -> None:
    """``information_state_tensor``, whose memory is kept from step to step, is the observation
    and the memory rebuilt from the seat's whole view, float for float, along random play (S4's
    closed canastas among it), in a clone, after serialising, and in a resampled state: there it is
    the player's tensor of the real game (the world remembers the hand as the real log showed it)
    and stays right as the world is played on. The string, whose log is read on from the last
    ask, is the whole log written afresh, and survives a clone and serialising (a resampled state's
    too: its recalled past is kept)."""
    pyspiel = pytest.importorskip("pyspiel")
    import canasta.rl.openspiel as cos
    from canasta.bots.knowledge import LogFacts, knowledge_of
    game = pyspiel.load_game(cos.GAME_NAME, {"preset": "spanish", "max_hands": 1})
    state = game.new_initial_state()
    for a in cos.seed_actions(17):
        state.apply_action(a)

    def scratch(st, p: int) -> list[float]:
        es = st.episode.state
        return st.observation_tensor(p) + memory_floats(afresh(es, p), p)

    def whole_log(st, p: int) -> str:
        return st.observation_string(p) + "\n" + cos.seat_log(st.episode.state, p)

    rng = random.Random(4)  # the game's moves
    side = random.Random(6)  # the clones', the worlds' moves and the resampling (the game's stay the same)
    sampler = side.random
    steps = 0
    while not state.is_terminal() and steps < 160:
        p = state.current_player()
        assert state.information_state_tensor(p) == scratch(state, p)
        if steps % 5 == 0:  # the string, read on from the last ask: the whole log written afresh
            assert state.information_state_string(p) == whole_log(state, p)
        if steps % 60 == 40:
            c = state.clone()
            for _ in range(5):
                if not c.is_terminal():
                    c.apply_action(side.choice(c.legal_actions()))
            q = c.current_player() if not c.is_terminal() else 0
            assert c.information_state_tensor(q) == scratch(c, q)
            assert c.information_state_string(q) == whole_log(c, q)
            back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
            assert back.information_state_tensor(p) == state.information_state_tensor(p)
            assert back.information_state_string(p) == state.information_state_string(p)
            w = state.resample_from_infostate(p, sampler)
            assert w.information_state_tensor(p) == state.information_state_tensor(p)
            assert w.information_state_string(p) == state.information_state_string(p)
            wb = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, w))[1]
            assert wb.information_state_tensor(p) == w.information_state_tensor(p)
            assert wb.information_state_string(p) == w.information_state_string(p)
            wc = w.clone()
            assert wc.information_state_tensor(p) == w.information_state_tensor(p)
            assert wc.information_state_string(p) == w.information_state_string(p)
            # played on: the world's tensor is the real log's facts read on through the world's moves
            recalled = w.episode.recalled
            for _ in range(6):
                if w.is_terminal():
                    break
                w.apply_action(side.choice(w.legal_actions()))
                ref = LogFacts(game.options.rules)
                for h, who, what, cards, _ in state.episode.state.events():
                    if h == state.episode.state.hand_no:
                        ref.feed(who, what, cards)
                for h, who, what, cards, _ in w.episode.state.events_since(recalled.mark):
                    if h == recalled.hand:
                        ref.feed(who, what, cards)
                ws = w.episode.state
                if ws.hand_no == recalled.hand:
                    for seat in range(game.num_players()):
                        assert w.episode.knowledge(seat) == knowledge_of(ref, seat_view(ws, seat), ws.rules)
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    assert steps >= 100


@pytest.mark.parametrize("name", ["classic", "bolivia"])
def test_openspiel_calls_answered_in_python_are_the_cpp_ones(name: str) -> None:
    """``legal_actions``, ``legal_actions_mask``, ``observation_tensor`` and
    ``information_state_tensor`` asked from Python are answered in Python for the player to move;
    they give what OpenSpiel's C++ path (the base class's methods, which C++ callers use) gives,
    value for value, for every player and with no player given, at chance nodes, decisions and
    the end (an error there where the C++ path raises one)."""
    pyspiel = pytest.importorskip("pyspiel")
    import canasta.rl.openspiel as cos
    game = pyspiel.load_game(cos.GAME_NAME, {"preset": name, "max_hands": 1})
    base = pyspiel.State
    rng = random.Random(8)
    state = game.new_initial_state()
    steps = 0

    def ask(method, st, p):
        try:
            return method(st) if p is None else method(st, p)
        except pyspiel.SpielError as e:
            return type(e)

    while True:
        if steps % 8 == 0 or state.is_terminal() or state.is_chance_node():
            for p in [None, *range(game.num_players())]:
                for call in ("legal_actions", "legal_actions_mask", "observation_tensor",
                             "information_state_tensor"):
                    ours = ask(getattr(type(state), call), state, p)
                    assert ours == ask(getattr(base, call), state, p), (name, steps, p, call)
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    assert steps > 100


def test_house_rules_parameter() -> None:
    pytest.importorskip("pyspiel")
    from canasta.errors import RuleError
    from canasta.rl.openspiel import parse_house_rules
    got = parse_house_rules("go_out_canastas:1;concealed:false")
    assert got == {"go_out_canastas": 1, "concealed": False}
    with pytest.raises(RuleError, match="name:value"):
        parse_house_rules("go_out_canastas")


def test_actions_op_coverage() -> None:
    """Every kind of engine action has a family in some rule set's space."""
    families = {f.name for name in PRESETS for f in ActionSpace(rules(name)).families if f.size}
    for op in Op:
        if op is Op.TOP:
            assert "top" in families
        elif op is Op.TAKE:
            assert {"take", "take_seq"} <= families
        else:
            assert op.name.lower() in families
