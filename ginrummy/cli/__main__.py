"""``python -m ginrummy.cli``: the same as the ``gin`` command."""

import sys

from ginrummy.cli import main

sys.exit(main())
