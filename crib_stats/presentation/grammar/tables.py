"""The grammar of the commands that check or search the whole game: ``claims``, ``crib-table``, ``sweep``."""

from __future__ import annotations

from .base import command, VARIANT_HELP


def add(sub) -> None:
    """Add claims, crib-table and sweep to the subcommands ``sub``."""
    c = command(sub, "claims", "every figure in the source documents, checked",
                "The seeds' quantitative claims (hand counts, odds, maxima, averages, rules),\n"
                "each with the framing it holds in, the value the code computes, a verdict\n"
                "(reproduced, wrong, depends on framing, model-dependent, rule) and the command\n"
                "that reproduces it. The report is kept at docs/claims.md.",
                ["crib-stats claims", "crib-stats claims --id odds-29", "crib-stats claims --json",
                 "crib-stats claims --markdown docs/claims.md"])
    c.add_argument("--id", action="append", metavar="ID", help="only this claim (repeatable)")
    c.add_argument("--recompute", action="store_true",
                   help="recompute the long searches instead of reading data/ (minutes)")
    c.add_argument("--json", action="store_true", help="print one JSON object")
    c.add_argument("--markdown", metavar="FILE", help="also write the report as markdown to FILE")
    c.add_argument("--force", action="store_true", help="replace a --markdown file crib-stats did not write")
    c.add_argument("--out", metavar="DIR", help="recompute the dealer's maxima and write claims_maxima.json into DIR")

    t = command(sub, "crib-table", "expected crib value of every thrown rank pair, by model",
                "The expected crib of each pair of ranks thrown, for the dealer's own crib\n"
                "and for the pone's throw into the dealer's crib, as two 13x13 tables\n"
                "like the published ones (Schell, Hessel, Colvert).",
                ["crib-stats crib-table", "crib-stats crib-table --crib-model hessel",
                 "crib-stats crib-table --crib-model random --csv",
                 "crib-stats crib-table --solve --out data/ --scheduler local"])
    t.add_argument("--crib-model", default="equilibrium", metavar="MODEL",
                   help="equilibrium (default: the solved discard game), hessel, random (exact, the same for both "
                        "roles) or table:FILE.csv")
    t.add_argument("--csv", action="store_true",
                   help="one row per rank pair: r1,r2,dealer_own_crib,pone_into_dealer_crib")
    t.add_argument("--solve", action="store_true",
                   help="solve the discard game again (about 15 minutes on 2 cores) and write the equilibrium "
                        "files into --out; a killed run resumes")
    t.add_argument("--out", metavar="DIR", help="with --solve: where to write the solution's files")
    t.add_argument("--scheduler", metavar="WHERE",
                   help="with --solve: in this process (default); 'local': a Dask LocalCluster; "
                        "tcp://HOST:PORT: a Dask cluster")
    t.add_argument("--workers", metavar="N", help="with --solve --scheduler local: worker processes (default: cores)")
    t.add_argument("--shards", metavar="N", help="with --solve: split the hands into N shards per step (default 1)")
    t.add_argument("--fresh", action="store_true", help="with --solve: ignore the state saved by an earlier run")

    w = command(sub, "sweep", "the best discard for every deal there is, exactly",
                "Every deal of a variant (all C(52,6) = 20,358,520 six-card deals, as 962,988\n"
                "suit classes), each thrown the best way for the hand alone, the dealer and the\n"
                "pone; exact means, how often the crib changes the throw, the throw and keep\n"
                "tables. Finished shards are cached, so a killed run resumes.",
                ["crib-stats sweep", "crib-stats sweep --variant five-card --json",
                 "crib-stats sweep --scheduler local", "crib-stats sweep --variant three-player --out data/"])
    w.add_argument("--variant", default="six-card", help=VARIANT_HELP)
    w.add_argument("--crib-model", default="random", help="random (default): the only model the sweep supports")
    w.add_argument("--scheduler", metavar="WHERE",
                   help="in this process (default); 'local': a Dask LocalCluster; tcp://HOST:PORT: a Dask cluster")
    w.add_argument("--shards", metavar="N", help="split the deal classes into N shards (default 16)")
    w.add_argument("--fresh", action="store_true", help="ignore shards cached by an earlier run")
    w.add_argument("--pegging", choices=["greedy", "minimax"], metavar="POLICY",
                   help="six-card: add the whole hand per seat, the play under greedy or minimax")
    w.add_argument("--sample", metavar="N", help="with --pegging and --out: measure the model on N new random deals")
    w.add_argument("--seed", metavar="S", default="0", help="the sample's random seed (default 0)")
    w.add_argument("--json", action="store_true", help="print one JSON object")
    w.add_argument("--out", metavar="DIR", help="write the tables (Parquet) and the JSON summary into DIR")
