#!/usr/bin/python3
"""Fits classification: the kind model (receipt or invoice, by a document's structure) and the weights
of each kind of evidence in a category's score.

    /usr/bin/python3 bench/scorer/fit-classifier.py --rows /tmp/scorer/classify.jsonl \
        --kind-model src/engine/pipeline/classify/kind-model.json \
        --weights src/engine/pipeline/classify/classify-weights.json

The rows come from bench/scorer/dump-classify.ts: every document of the scorer's sets, in each desk
language, with its structure signals and the evidence of every starter category. First the kind model,
a logistic regression over the signals of the documents that show a commercial structure. Then the
weights, a ranking: the right category's evidence minus each other's, a logistic loss with weights kept
>= 0 (more evidence never counts against a category). A category's structure evidence is the kind
model's probability of its kind, from the model fitted without the document's family. Both penalties
are chosen by leaving out one family at a time. Prints, per family, how many documents get the right
kind and the right category first with the models fitted without that family, with those fitted on all,
and with the rules and hand-set weights they replace (the reference). Kept-out families never enter a
fit. Deterministic; needs Debian's python3-sklearn (numpy and scipy with it); not run by CI.
"""

import argparse
import datetime
import json

import numpy as np
from scipy.optimize import minimize
from sklearn.linear_model import LogisticRegression

from model_file import write

SIGNALS = ("priced", "cash", "vatId", "documentNumber", "dueDate", "creditTerm", "buyerHeading", "columnHeads", "clockTime", "quantityLine", "shortLines")
KINDS = ("nameAsTitle", "nameInText", "field", "coverage", "vocabulary", "structure")
KIND_C = (0.1, 1.0, 10.0)
PENALTIES = (0.001, 0.01, 0.1)
# The structure of a category's kind alone is the least evidence a category fits with (MIN_FIT_SCORE).
STRUCTURE_WEIGHT = 12.0
HAND_WEIGHTS = np.array([10, 3, 3, 10, 25, 12], dtype=float)
FITTED_BY = "npx tsx bench/scorer/dump-classify.ts && /usr/bin/python3 bench/scorer/fit-classifier.py"


def rule_receipt(signals):
    """The rules the kind model replaces: cash paid -> receipt; VAT id and number, due date, credit term -> invoice; priced -> receipt."""
    if signals["priced"] and signals["cash"]:
        return 1.0
    if (signals["vatId"] and signals["documentNumber"]) or signals["dueDate"] or signals["creditTerm"]:
        return 0.0
    return 1.0


class KindModel:
    def __init__(self, docs, c):
        self.model = LogisticRegression(C=c, solver="lbfgs", max_iter=4000)
        self.model.fit(np.array([[d["signals"][k] for k in SIGNALS] for d in docs]), np.array([d["receipt"] for d in docs]))

    def receipt(self, signals):
        return float(self.model.predict_proba(np.array([[signals[k] for k in SIGNALS]]))[0][1])

    def file(self, names, kept_out, documents):
        return {
            "version": 1,
            "fitted": {"command": FITTED_BY, "date": datetime.date.today().isoformat(), "families": names, "keptOut": kept_out, "documents": documents},
            "intercept": round(float(self.model.intercept_[0]), 4),
            "weights": {k: round(float(w), 4) for k, w in zip(SIGNALS, self.model.coef_[0])},
        }


class RuleKind:
    def receipt(self, signals):
        return rule_receipt(signals)


def kind_right(docs, kind_model):
    return sum((kind_model.receipt(d["signals"]) >= 0.5) == d["receipt"] for d in docs)


def vector(category, signals, kind_model):
    f = category["features"]
    likely = 0.0
    if signals is not None and category["kind"] is not None:
        p = kind_model.receipt(signals)
        likely = p if category["kind"] == "receipt" else 1 - p
    return np.array([f[k] for k in KINDS[:-1]] + [likely * category["kindSpecificity"]], dtype=float)


def pairs(rows, kind_of):
    """The right category's evidence minus each other category's, per row."""
    diffs = []
    for row in rows:
        kind_model = kind_of(row)
        right = [vector(c, row["signals"], kind_model) for c in row["categories"] if c["right"]]
        diffs.extend(right[0] - vector(c, row["signals"], kind_model) for c in row["categories"] if not c["right"])
    return np.array(diffs)


def fit(diffs, penalty):
    def loss(w):
        margin = diffs @ w
        value = np.logaddexp(0, -margin).sum() / len(diffs) + penalty * w @ w / 2
        grad = -(diffs * (1 / (1 + np.exp(margin)))[:, None]).sum(axis=0) / len(diffs) + penalty * w
        return value, grad

    return minimize(loss, np.ones(len(KINDS)), jac=True, method="L-BFGS-B", bounds=[(0, None)] * len(KINDS)).x


def ranked_first(rows, w, kind_model):
    """Rows whose right category scores above every other (a tie is no win)."""
    won = 0
    for row in rows:
        scores = [(vector(c, row["signals"], kind_model) @ w, c["right"]) for c in row["categories"]]
        right = max(s for s, r in scores if r)
        won += all(s < right for s, r in scores if not r)
    return won


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", default="/tmp/scorer/classify.jsonl")
    parser.add_argument("--kind-model", default=None, help="where to write the kind model fitted on all fitting families")
    parser.add_argument("--weights", default=None, help="where to write the weights fitted on all fitting families")
    args = parser.parse_args()

    rows = [json.loads(line) for line in open(args.rows, encoding="utf-8")]
    fitting = [r for r in rows if not r["keptOut"]]
    names = sorted({r["family"] for r in fitting})
    kept_out = sorted({r["family"] for r in rows if r["keptOut"]})
    families = names + kept_out
    by_family = {name: [r for r in rows if r["family"] == name] for name in families}
    # One row per document for the kind model (the desk languages repeat it), of commercial structure.
    docs = {name: list({r["id"]: r for r in by_family[name] if r["signals"] is not None}.values()) for name in families}
    fitting_docs = [d for n in names for d in docs[n]]

    def kinds_without(c):
        return {n: KindModel([d for m in names if m != n for d in docs[m]], c) for n in names}

    best = max(((c, kinds_without(c)) for c in KIND_C), key=lambda cm: sum(kind_right(docs[n], cm[1][n]) for n in names))
    kind_c, kind_held = best
    kind_all = KindModel(fitting_docs, kind_c)
    kind_held.update({n: kind_all for n in kept_out})

    def stacked(row):
        return kind_held[row["family"]]

    def weights_without(penalty):
        return {n: fit(pairs([r for r in fitting if r["family"] != n], stacked), penalty) for n in names}

    penalty, held = max(((p, weights_without(p)) for p in PENALTIES), key=lambda pm: sum(ranked_first(by_family[n], pm[1][n], kind_held[n]) for n in names))
    on_all = fit(pairs(fitting, stacked), penalty)
    held.update({n: on_all for n in kept_out})

    print(f"{'':34}{'kind right (documents of commercial structure)':^48}{'category ranked first (document x desk language)':^48}")
    print(f"{'family':34}" + "".join(f"{h:>16}" for h in ("held out", "fitted on all", "rules")) + "".join(f"{h:>16}" for h in ("held out", "fitted on all", "hand weights")))
    totals = np.zeros(6, dtype=int)
    counts = np.zeros(2, dtype=int)
    for name in families:
        figures = np.array([
            kind_right(docs[name], kind_held[name]), kind_right(docs[name], kind_all), kind_right(docs[name], RuleKind()),
            ranked_first(by_family[name], held[name], kind_held[name]), ranked_first(by_family[name], on_all, kind_all), ranked_first(by_family[name], HAND_WEIGHTS, RuleKind()),
        ])
        totals += figures
        counts += [len(docs[name]), len(by_family[name])]
        label = name + (" (kept out)" if name in kept_out else "")
        print(f"{label:34}" + "".join(f"{f:>9} / {n:<4}" for f, n in zip(figures, [len(docs[name])] * 3 + [len(by_family[name])] * 3)))
    print(f"{'all':34}" + "".join(f"{f:>9} / {n:<4}" for f, n in zip(totals, [counts[0]] * 3 + [counts[1]] * 3)))
    weights = dict(zip(KINDS, (round(float(x), 4) for x in on_all * (STRUCTURE_WEIGHT / on_all[KINDS.index("structure")]))))
    print(f"kind model C {kind_c}: {kind_all.file(names, kept_out, len(fitting_docs))['weights']}")
    print(f"ranking penalty {penalty}; weights fitted on all, scaled: {weights}")
    if args.kind_model:
        write(args.kind_model, kind_all.file(names, kept_out, len(fitting_docs)))
    if args.weights:
        write(args.weights, {
            "version": 1,
            "fitted": {"command": FITTED_BY, "date": datetime.date.today().isoformat(), "families": names, "keptOut": kept_out, "documents": len({(r["family"], r["id"]) for r in fitting})},
            "weights": weights,
        })


if __name__ == "__main__":
    main()
