import { buildOpenApiDocument } from "@/lib/api/openapi";
import { withRoute } from "@/lib/api/with-route";

export const GET = withRoute("GET /api/v1/openapi.json", {}, () => buildOpenApiDocument());
