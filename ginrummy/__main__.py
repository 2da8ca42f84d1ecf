"""``python -m ginrummy``: the ``gin`` command."""

import sys

from ginrummy.cli import main

sys.exit(main())
