/** The public origin the tested build was made with (scripts/test-all.sh sets the same default). */
export const SITE_URL = (process.env.NEXT_PUBLIC_SITE_URL ?? "https://elena-varga.example").replace(/\/+$/, "");
