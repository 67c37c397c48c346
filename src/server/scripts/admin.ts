import { runAdminScript } from "../admin/admin-script.js";

/**
 * `npm run admin -- grant EMAIL` / `revoke EMAIL` / `list` (docs/decisions.md D11). Works on the embedded
 * database in DATA_DIR and on DATABASE_URL alike; stop the app first when it uses the embedded one
 * (PGlite lets one process open its folder at a time).
 */
process.exit(await runAdminScript(process.env, process.argv.slice(2), console));
