"""``python -m native_host`` runs the host, like ``tabmate host``."""

import sys

from native_host.host import main

sys.exit(main())
