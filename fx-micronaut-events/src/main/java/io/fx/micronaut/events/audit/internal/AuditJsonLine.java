package io.fx.micronaut.events.audit.internal;

import io.fx.micronaut.events.audit.AuditCaller;
import io.fx.micronaut.events.audit.AuditKind;
import io.fx.micronaut.events.audit.AuditRecord;
import io.fx.micronaut.model.RecordRenderer;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.Nullable;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Writes an {@link AuditRecord} as the compact JSON text of {@link AuditRecord#toMap()}, character for character
 * what {@link RecordRenderer#toJson} makes of that map (same member order, absent values left out, the same
 * escapes), without building the map for the common record. An update's {@code changes}, whose values may be any
 * JSON value, are taken from {@link AuditRecord#toMap()} and go through the renderer.
 *
 * <p>The log sink writes one line per audited request, on the lane's thread beside the requests' own work: this keeps
 * its cost to one string, and keeps audit maps out of the response writer, whose call sites are then left to the
 * values responses carry.</p>
 */
@Internal
final class AuditJsonLine {

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private final StringBuilder out = new StringBuilder(384);
    private boolean first = true;

    private AuditJsonLine() {
    }

    /**
     * @param record   the record
     * @param renderer renders an update's changes
     * @return its JSON text
     */
    static String render(AuditRecord record, RecordRenderer renderer) {
        AuditJsonLine line = new AuditJsonLine();
        AuditCaller caller = record.caller();
        boolean read = record.kind() == AuditKind.READ;
        line.out.append('{');
        line.string("kind", record.kind().label());
        line.string("timestamp", record.timestamp().toString());
        line.string("model", record.model());
        line.string("operation", record.operation());
        line.optional("record_id", record.recordId());
        line.optional("record_count", record.recordCount());
        line.optional("actor", caller.actor());
        line.strings("roles", caller.roles());
        line.optional("tenant_id", caller.tenantId());
        if (read) {
            line.optional("session_id", caller.sessionId());
        }
        line.optional("auth_method", caller.authMethod());
        line.string("request_id", caller.requestId());
        line.optional("trace_id", caller.traceId());
        line.optional("service_name", caller.serviceName());
        line.optional("ip_address", caller.ipAddress());
        if (read) {
            line.optional("user_agent", caller.userAgent());
        }
        line.optional("result", record.result());
        line.optional("status", record.status());
        line.optional("error_code", record.errorCode());
        if (!record.changes().isEmpty()) {
            line.name("changes");
            // the record's own JSON form of its changes, so the two never differ
            @SuppressWarnings("unchecked")
            Map<String, Object> changes = (Map<String, Object>) record.toMap().get("changes");
            line.out.append(new String(renderer.toJson(changes), StandardCharsets.UTF_8));
        }
        return line.out.append('}').toString();
    }

    private void name(String name) {
        if (!first) {
            out.append(',');
        }
        first = false;
        // member names are fixed ASCII words: nothing to escape
        out.append('"').append(name).append("\":");
    }

    private void optional(String name, @Nullable Object value) {
        if (value != null) {
            name(name);
            if (value instanceof Integer number) {
                out.append(number.intValue());
            } else {
                quoted(value.toString());
            }
        }
    }

    private void string(String name, @Nullable String value) {
        name(name);
        nullable(value);
    }

    private void strings(String name, List<String> values) {
        name(name);
        out.append('[');
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            nullable(values.get(i));
        }
        out.append(']');
    }

    private void nullable(@Nullable String value) {
        if (value == null) {
            out.append("null");
        } else {
            quoted(value);
        }
    }

    /**
     * A JSON string with the escapes of the core's writer (Jackson's): short forms for the quote, the backslash and
     * {@code \b \t \n \f \r}, {@code \}{@code u00XX} in upper-case hex for other control characters, and UTF-16
     * escapes for surrogates (characters outside the Basic Multilingual Plane); everything else as it is.
     */
    private void quoted(String text) {
        out.append('"');
        int length = text.length();
        int plainFrom = 0;
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c >= 0x20 && c != '"' && c != '\\' && !Character.isSurrogate(c)) {
                continue;
            }
            out.append(text, plainFrom, i);
            plainFrom = i + 1;
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\b' -> out.append("\\b");
                case '\t' -> out.append("\\t");
                case '\n' -> out.append("\\n");
                case '\f' -> out.append("\\f");
                case '\r' -> out.append("\\r");
                default -> out.append("\\u").append(HEX[c >> 12 & 0xF]).append(HEX[c >> 8 & 0xF])
                    .append(HEX[c >> 4 & 0xF]).append(HEX[c & 0xF]);
            }
        }
        out.append(text, plainFrom, length).append('"');
    }
}
