from __future__ import annotations

import pytest

from tests.agent.script import services_for


@pytest.fixture
def services(fake_provider):
    svc = services_for(fake_provider)
    yield svc
