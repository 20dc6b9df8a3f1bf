import protobuf from "protobufjs";
import { AppError } from "@/lib/errors";

// OTLP/HTTP protobuf (`application/x-protobuf`, the default of the Python, Go and Java SDKs and of
// the Collector) → the OTLP/JSON shape the OTel importer reads: camelCase names, trace and span ids in
// hex, nanosecond times and int64 values as decimal strings, bytes values in base64, enums as numbers.
// The message types below are the part of opentelemetry-proto v1 (collector/trace/v1,
// trace/v1, common/v1, resource/v1) that spans need, written as a protobufjs descriptor with the
// official field numbers; fields it leaves out (entity refs, string-table indexes) are skipped as
// unknown fields, as any protobuf reader does.

const keyValues = (id: number) => ({ rule: "repeated", type: "opentelemetry.proto.common.v1.KeyValue", id });

const descriptor = {
  nested: {
    opentelemetry: {
      nested: {
        proto: {
          nested: {
            common: {
              nested: {
                v1: {
                  nested: {
                    AnyValue: {
                      oneofs: {
                        value: {
                          oneof: [
                            "stringValue",
                            "boolValue",
                            "intValue",
                            "doubleValue",
                            "arrayValue",
                            "kvlistValue",
                            "bytesValue",
                          ],
                        },
                      },
                      fields: {
                        stringValue: { type: "string", id: 1 },
                        boolValue: { type: "bool", id: 2 },
                        intValue: { type: "int64", id: 3 },
                        doubleValue: { type: "double", id: 4 },
                        arrayValue: { type: "ArrayValue", id: 5 },
                        kvlistValue: { type: "KeyValueList", id: 6 },
                        bytesValue: { type: "bytes", id: 7 },
                      },
                    },
                    ArrayValue: { fields: { values: { rule: "repeated", type: "AnyValue", id: 1 } } },
                    KeyValueList: { fields: { values: { rule: "repeated", type: "KeyValue", id: 1 } } },
                    KeyValue: {
                      fields: { key: { type: "string", id: 1 }, value: { type: "AnyValue", id: 2 } },
                    },
                    InstrumentationScope: {
                      fields: {
                        name: { type: "string", id: 1 },
                        version: { type: "string", id: 2 },
                        attributes: keyValues(3),
                        droppedAttributesCount: { type: "uint32", id: 4 },
                      },
                    },
                  },
                },
              },
            },
            resource: {
              nested: {
                v1: {
                  nested: {
                    Resource: {
                      fields: { attributes: keyValues(1), droppedAttributesCount: { type: "uint32", id: 2 } },
                    },
                  },
                },
              },
            },
            trace: {
              nested: {
                v1: {
                  nested: {
                    ResourceSpans: {
                      fields: {
                        resource: { type: "opentelemetry.proto.resource.v1.Resource", id: 1 },
                        scopeSpans: { rule: "repeated", type: "ScopeSpans", id: 2 },
                        schemaUrl: { type: "string", id: 3 },
                      },
                    },
                    ScopeSpans: {
                      fields: {
                        scope: { type: "opentelemetry.proto.common.v1.InstrumentationScope", id: 1 },
                        spans: { rule: "repeated", type: "Span", id: 2 },
                        schemaUrl: { type: "string", id: 3 },
                      },
                    },
                    Span: {
                      fields: {
                        traceId: { type: "bytes", id: 1 },
                        spanId: { type: "bytes", id: 2 },
                        traceState: { type: "string", id: 3 },
                        parentSpanId: { type: "bytes", id: 4 },
                        flags: { type: "fixed32", id: 16 },
                        name: { type: "string", id: 5 },
                        kind: { type: "int32", id: 6 },
                        startTimeUnixNano: { type: "fixed64", id: 7 },
                        endTimeUnixNano: { type: "fixed64", id: 8 },
                        attributes: keyValues(9),
                        droppedAttributesCount: { type: "uint32", id: 10 },
                        events: { rule: "repeated", type: "Event", id: 11 },
                        droppedEventsCount: { type: "uint32", id: 12 },
                        links: { rule: "repeated", type: "Link", id: 13 },
                        droppedLinksCount: { type: "uint32", id: 14 },
                        status: { type: "Status", id: 15 },
                      },
                      nested: {
                        Event: {
                          fields: {
                            timeUnixNano: { type: "fixed64", id: 1 },
                            name: { type: "string", id: 2 },
                            attributes: keyValues(3),
                            droppedAttributesCount: { type: "uint32", id: 4 },
                          },
                        },
                        Link: {
                          fields: {
                            traceId: { type: "bytes", id: 1 },
                            spanId: { type: "bytes", id: 2 },
                            traceState: { type: "string", id: 3 },
                            attributes: keyValues(4),
                            droppedAttributesCount: { type: "uint32", id: 5 },
                            flags: { type: "fixed32", id: 6 },
                          },
                        },
                      },
                    },
                    Status: {
                      fields: { message: { type: "string", id: 2 }, code: { type: "int32", id: 3 } },
                    },
                  },
                },
              },
            },
            collector: {
              nested: {
                trace: {
                  nested: {
                    v1: {
                      nested: {
                        ExportTraceServiceRequest: {
                          fields: {
                            resourceSpans: {
                              rule: "repeated",
                              type: "opentelemetry.proto.trace.v1.ResourceSpans",
                              id: 1,
                            },
                          },
                        },
                        ExportTraceServiceResponse: {
                          fields: { partialSuccess: { type: "ExportTracePartialSuccess", id: 1 } },
                        },
                        ExportTracePartialSuccess: {
                          fields: {
                            rejectedSpans: { type: "int64", id: 1 },
                            errorMessage: { type: "string", id: 2 },
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};

const root = protobuf.Root.fromJSON(descriptor);
const requestType = root.lookupType("opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest");
const responseType = root.lookupType("opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse");

const ID_FIELDS = new Set(["traceId", "spanId", "parentSpanId"]);

/** Base64 ids (protobufjs's `bytes: String`) → lowercase hex, as OTLP/JSON spells them. */
function hexIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(hexIds);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] =
      ID_FIELDS.has(key) && typeof item === "string"
        ? Buffer.from(item, "base64").toString("hex")
        : hexIds(item);
  }
  return out;
}

/** Decodes an ExportTraceServiceRequest; 400 when the bytes aren't one. */
export function decodeOtlpTraceRequest(bytes: Uint8Array): Record<string, unknown> {
  let message: protobuf.Message;
  try {
    message = requestType.decode(bytes);
  } catch (error) {
    throw new AppError(
      "bad_request",
      `The body is not a protobuf ExportTraceServiceRequest (${error instanceof Error ? error.message : "unreadable"}).`,
    );
  }
  const object = requestType.toObject(message, { longs: String, bytes: String, enums: Number, arrays: true });
  const decoded = hexIds(object) as Record<string, unknown>;
  if (hasNul(decoded))
    throw new AppError("bad_request", "The body holds a NUL character (\\u0000), which can't be stored.");
  return decoded;
}

function hasNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(hasNul);
  if (typeof value === "object" && value !== null)
    return Object.entries(value).some(([key, item]) => key.includes("\u0000") || hasNul(item));
  return false;
}

/** The ExportTraceServiceResponse for a protobuf client (empty when every span was accepted). */
export function encodeOtlpTraceResponse(answer: {
  partialSuccess?: { rejectedSpans: number; errorMessage: string };
}): Uint8Array {
  return responseType.encode(responseType.fromObject(answer)).finish();
}
