"""Fitted numbers of the expert's knock-or-wait model (:mod:`ginrummy.agents.expert`).

Written on 2026-12-02 by ``python -m bench.fit_knock_model --hands 1200
--seed 2 --ridge 5.0 --player expert --write``, the second round: the expert
playing was the one fitted by the first round (``--hands 1200 --seed 1
--player expert_v1``, positions of the first expert).
(see that script): per opponent style, a ridge regression of the points gained by
knocking now rather than waiting, both branches played out, on :data:`FEATURES`;
and the share of the opponents' knocks of each kind (add-one smoothed).

eager: 1746 positions from 1200 hands, mean gain of knocking -5.57 points; over always waiting,
knocking where the fit says gains +0.69 per position, where the first expert"s sums say -0.12
(same rows); opponent knocks {"early": 22, "late": 282, "gin": 8}
camper: 3135 positions from 1200 hands, mean gain of knocking -10.91 points; over always
waiting, knocking where the fit says gains +0.26 per position, where the first expert"s sums say
-0.32 (same rows); opponent knocks {"early": 32, "late": 20, "gin": 71}
"""

FEATURES = ("bias", "deadwood/10", "stock/10", "deadwood*stock/100", "gin_chance*10",
            "knock_value/10", "wait_value/10", "their_deadwood/10")
STYLE_PRIOR = {"eager": 0.5, "camper": 0.5}
"""Before any knock is seen, every style is as likely."""
UNKNOCKED_KEEP = {"eager": 0.2, "camper": 1.0}
"""Chance of keeping a sampled opponent hand that could have knocked but did not, by style."""
KNOCK_KIND = {
    "eager": {"early": 0.073, "late": 0.8984, "gin": 0.0286},
    "camper": {"early": 0.2619, "late": 0.1667, "gin": 0.5714},
}
COEFFICIENTS = {
    "eager": (-0.2537, -21.9542, 3.7077, 11.3183, -10.0188, -0.9799, 2.4394, -4.0948),
    "camper": (0.1412, -17.9712, 6.7388, 8.9023, -6.1823, 7.7505, -4.0055, -8.0761),
}
