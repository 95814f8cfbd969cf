#!/usr/bin/python3
"""Fits the field scorer: one logistic regression over every candidate's features.

    /usr/bin/python3 bench/scorer/fit-scorer.py --candidates /tmp/scorer/candidates.jsonl \
        --model src/engine/pipeline/fields/scorer-model.json --held-out /tmp/scorer/models

Needs Debian's python3-sklearn (apt-get install --no-install-recommends python3-sklearn); not run by CI.
Deterministic: lbfgs from zeros, rows in file order. The regularization strength is chosen by
leaving out one family at a time, and the calibration (Platt scaling of the log-odds) is fitted on
those left-out predictions, so a confidence means what it says on layouts the model has not seen.
Kept-out families never enter a fit. --held-out also writes, per family, the model fitted without it,
for the benches' held-out-family figures (bench/scorer-families-bench.ts).
"""

import argparse
import datetime
import json
import os
import sys

import numpy as np
from sklearn.feature_extraction import DictVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss, roc_auc_score

from model_file import write

C_GRID = (0.3, 1.0, 3.0)
MIN_WEIGHT = 1e-5


def load(path):
    rows = [json.loads(line) for line in open(path, encoding="utf-8")]
    return rows


def fit(X, y, c):
    model = LogisticRegression(C=c, solver="lbfgs", max_iter=4000)
    model.fit(X, y)
    return model


def left_out_logits(X, y, families, names, c):
    """Each fitting family's log-odds from a model fitted without it."""
    logits = np.zeros(len(y))
    for name in names:
        held = families == name
        logits[held] = fit(X[~held], y[~held], c).decision_function(X[held])
    return logits


def platt(logits, y):
    scaler = LogisticRegression(C=1e6, solver="lbfgs", max_iter=1000)
    scaler.fit(logits.reshape(-1, 1), y)
    return float(scaler.coef_[0][0]), float(scaler.intercept_[0])


def sigmoid(z):
    return 1 / (1 + np.exp(-z))


def model_file(model, vectorizer, calibration, fitted):
    weights = {name: round(float(w), 6) for name, w in zip(vectorizer.get_feature_names_out(), model.coef_[0]) if abs(w) >= MIN_WEIGHT}
    return {
        "version": 1,
        "fitted": fitted,
        "intercept": round(float(model.intercept_[0]), 6),
        "weights": dict(sorted(weights.items())),
        "calibration": {"slope": round(calibration[0], 6), "offset": round(calibration[1], 6)},
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidates", default="/tmp/scorer/candidates.jsonl")
    parser.add_argument("--model", default="src/engine/pipeline/fields/scorer-model.json")
    parser.add_argument("--held-out", help="folder for one model per family, fitted without it")
    parser.add_argument("--c", type=float, help="regularization strength; chosen by left-out families when not given")
    parser.add_argument("--drop", default="", help="comma-separated feature names left out, in every group (an ablation: --drop prior)")
    args = parser.parse_args()

    rows = load(args.candidates)
    dropped = {name for name in args.drop.split(",") if name}
    for r in rows:
        r["features"] = {k: v for k, v in r["features"].items() if k.split("|")[-1] not in dropped}
    fitting = [r for r in rows if not r["keptOut"]]
    kept_out = [r for r in rows if r["keptOut"]]
    vectorizer = DictVectorizer(sparse=True)
    X = vectorizer.fit_transform([r["features"] for r in fitting]).tocsr()
    y = np.array([r["label"] for r in fitting])
    families = np.array([r["family"] for r in fitting])
    names = sorted(set(families))
    print(f"{len(fitting)} candidates ({int(y.sum())} right) of {len(names)} families; {X.shape[1]} features; {len(kept_out)} candidates of kept-out families")

    grid = (args.c,) if args.c else C_GRID
    best = None
    for c in grid:
        logits = left_out_logits(X, y, families, names, c)
        loss = log_loss(y, sigmoid(logits))
        print(f"  C={c}: left-out-family log loss {loss:.4f}, AUC {roc_auc_score(y, logits):.4f}")
        if best is None or loss < best[1]:
            best = (c, loss, logits)
    c, loss, logits = best
    calibration = platt(logits, y)
    print(f"chosen C={c}; calibration slope {calibration[0]:.3f} offset {calibration[1]:.3f}")
    for name in names:
        held = families == name
        calibrated = sigmoid(calibration[0] * logits[held] + calibration[1])
        print(f"  {name:32} {held.sum():6} candidates, left-out log loss {log_loss(y[held], calibrated, labels=[0, 1]):.4f}")

    today = datetime.date.today().isoformat()
    command = "/usr/bin/python3 bench/scorer/fit-scorer.py " + " ".join(sys.argv[1:])
    kept = sorted({r["family"] for r in kept_out})
    final = fit(X, y, c)
    if kept_out:
        Xk = vectorizer.transform([r["features"] for r in kept_out])
        yk = np.array([r["label"] for r in kept_out])
        pk = sigmoid(calibration[0] * final.decision_function(Xk) + calibration[1])
        print(f"kept-out families {', '.join(kept)}: log loss {log_loss(yk, pk, labels=[0, 1]):.4f}")
    write(args.model, model_file(final, vectorizer, calibration, {"command": command, "date": today, "families": names, "keptOut": kept, "rows": len(fitting)}))
    print(f"model -> {args.model}")
    if args.held_out:
        for name in names:
            held = families == name
            model = fit(X[~held], y[~held], c)
            # Its calibration, too, comes from the other families' left-out log-odds only.
            write(os.path.join(args.held_out, f"{name}.json"), model_file(model, vectorizer, platt(logits[~held], y[~held]), {"command": command, "date": today, "families": [n for n in names if n != name], "keptOut": kept + [name], "rows": int((~held).sum())}))
        print(f"held-out models -> {args.held_out}")


if __name__ == "__main__":
    main()
