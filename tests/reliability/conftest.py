"""The API fixtures (app, keys, make_key, ...) for the reliability suites."""

from tests.api.conftest import (  # noqa: F401  (fixtures)
    admin,
    admin_token,
    app,
    client,
    keys,
    make_key,
    other_user,
)
