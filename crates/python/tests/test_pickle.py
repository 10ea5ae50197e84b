"""A `Scorer` pickles (made again from its state's text and options), so `multiprocessing`
workers can share the work; the answers are the unpickled scorer's as the original's."""

import multiprocessing
import pickle

import wargame_victory as wv

STATE = "fixtures/leyte/objective-two-hexes-one-unit-traces.toml"
HEXES = ["1101", "1102", "1105", "1109", "1001", "1009"]


def position(hex):
    return {"units": [{"id": "US-2", "side": "us", "rating": "3-3-5", "hex": hex}]}


def verdicts(args):
    """A worker's job: a pickled scorer and its positions."""
    scorer, positions = args
    return scorer.verdicts(positions)


def test_a_scorer_pickles():
    scorer = wv.Scorer(STATE, rules={"ratio": "round"})
    again = pickle.loads(pickle.dumps(scorer))
    positions = [position(h) for h in HEXES]
    assert again.score(positions) == scorer.score(positions)
    assert repr(again) == repr(scorer)
    # The rules options go with it.
    in_force = {r["key"]: r["value"] for r in again.score(positions)[0]["rules"]}
    assert in_force["ratio"] == "round"
    assert wv.Scorer(STATE).score(positions) != scorer.score(positions)


def test_multiprocessing_workers_score_with_a_pickled_scorer():
    scorer = wv.Scorer(STATE)
    jobs = [(scorer, [position(h) for h in HEXES[i:] + HEXES[:i]]) for i in range(4)]
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        answers = pool.map(verdicts, jobs)
    assert answers == [scorer.verdicts(positions) for _, positions in jobs]
