import { withRoute } from "@/lib/api/with-route";
import { buildOpenApiDocument } from "@/lib/api/openapi";

export const GET = withRoute("GET /api/v1/openapi.json", {}, () => buildOpenApiDocument());
