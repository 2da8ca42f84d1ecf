"""Settings for every test: Hypothesis without its per-example time limit.

The suite runs on a shared two-core machine (and in CI beside PostgreSQL and a
browser), where one example can take longer than Hypothesis's default 200 ms
for reasons that have nothing to do with the code; speed is measured by the
benchmarks in bench/, never by a test.
"""

from hypothesis import settings

settings.register_profile("ginrummy", deadline=None)
settings.load_profile("ginrummy")
