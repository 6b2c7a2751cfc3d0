// Change the connected user's password (run on the `system` database, auto-commit).
// Parameters: $old (the current password), $new (the new password). Returns nothing.
ALTER CURRENT USER SET PASSWORD FROM $old TO $new
