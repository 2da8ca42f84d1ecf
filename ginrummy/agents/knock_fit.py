"""Fitted numbers of the expert's knock-or-wait model (:mod:`ginrummy.agents.style_expert`).

Written on 2026-12-02 by ``python -m bench.fit_knock_model --hands 1200 --seed 1 --ridge 5.0
--write``
(see that script): per opponent style, a ridge regression of the points gained by
knocking now rather than waiting, both branches played out, on :data:`FEATURES`;
and the share of the opponents' knocks of each kind (add-one smoothed).

eager: 1646 positions from 1200 hands, mean gain of knocking -6.63; where the fit says knock
+1.11, wait -7.88; opponent knocks {"early": 31, "late": 260, "gin": 4}
camper: 3058 positions from 1200 hands, mean gain of knocking -6.23; where the fit says knock
+5.42, wait -10.36; opponent knocks {"early": 25, "late": 14, "gin": 115}
"""

FEATURES = ("bias", "deadwood/10", "stock/10", "deadwood*stock/100", "gin_chance*10",
            "knock_value/10", "wait_value/10", "their_deadwood/10")
CAMPER_PRIOR = 0.5
"""Before any knock is seen, either style is as likely."""
KNOCK_KIND = {
    "eager": {"early": 0.1074, "late": 0.8758, "gin": 0.0168},
    "camper": {"early": 0.1656, "late": 0.0955, "gin": 0.7389},
}
COEFFICIENTS = {
    "eager": (-7.9967, -19.7571, 8.597, 4.3257, -7.0587, -1.323, -1.8905, 0.7651),
    "camper": (3.4516, -20.4646, 9.98, 4.7981, -10.0097, 5.3964, -3.594, -5.9884),
}
