package io.fx.micronaut.events.audit;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One audit record, as a sink receives it. {@link #toMap()} is its JSON form, the one the built-in sinks write.
 *
 * <p>A {@linkplain AuditKind#WRITE write} record names the record written, the caller, and the outcome:
 * {@code success} once the write's transaction committed, or {@code failure} with the response's status and error
 * code once it rolled back; an update's record carries its {@code changes} when the audit was registered
 * {@linkplain AuditOptions#withChanges() with changes}. A {@linkplain AuditKind#READ read} record names the record
 * read ({@code record_id}) or how many rows a list or history read returned ({@code record_count}).</p>
 *
 * @param kind        write or read
 * @param timestamp   when the outcome was known (the commit or rollback; the response)
 * @param model       the model's name
 * @param operation   {@code create}, {@code update}, {@code delete}, {@code read}, {@code list} or
 *                    {@code read_history}
 * @param recordId    the record's id; null for a list
 * @param recordCount the rows a list or history read returned; null otherwise
 * @param caller      who asked, from where
 * @param result      {@code success} or {@code failure} (write records); null for read records
 * @param status      the response's status of a failed write; null otherwise
 * @param errorCode   the error code of a failed write; null otherwise
 * @param changes     an update's changed fields, without the redacted ones; empty when not recorded
 * @since 0.8.0
 */
public record AuditRecord(@NonNull AuditKind kind, @NonNull Instant timestamp, @NonNull String model,
                          @NonNull String operation, @Nullable String recordId, @Nullable Integer recordCount,
                          @NonNull AuditCaller caller, @Nullable String result, @Nullable Integer status,
                          @Nullable String errorCode, @NonNull Map<String, FieldChange> changes) {

    /** The result of a committed write. */
    public static final String SUCCESS = "success";
    /** The result of a write that rolled back. */
    public static final String FAILURE = "failure";

    /** Checks the required parts; copies the changes. */
    public AuditRecord {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(timestamp, "timestamp");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(caller, "caller");
        changes = changes == null || changes.isEmpty() ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(changes));
    }

    /**
     * @return the record as plain JSON values with snake_case names, absent values left out: {@code kind},
     *     {@code timestamp} (RFC 3339), {@code model}, {@code operation}, {@code record_id}, {@code record_count},
     *     {@code actor}, {@code roles}, {@code tenant_id}, {@code session_id} (read), {@code auth_method},
     *     {@code request_id}, {@code trace_id}, {@code service_name}, {@code ip_address}, {@code user_agent} (read),
     *     {@code result}, {@code status}, {@code error_code} and {@code changes} (write)
     */
    @NonNull
    public Map<String, Object> toMap() {
        Map<String, Object> map = new LinkedHashMap<>(24);
        map.put("kind", kind.label());
        map.put("timestamp", timestamp.toString());
        map.put("model", model);
        map.put("operation", operation);
        put(map, "record_id", recordId);
        put(map, "record_count", recordCount);
        put(map, "actor", caller.actor());
        map.put("roles", caller.roles());
        put(map, "tenant_id", caller.tenantId());
        if (kind == AuditKind.READ) {
            put(map, "session_id", caller.sessionId());
        }
        put(map, "auth_method", caller.authMethod());
        map.put("request_id", caller.requestId());
        put(map, "trace_id", caller.traceId());
        put(map, "service_name", caller.serviceName());
        put(map, "ip_address", caller.ipAddress());
        if (kind == AuditKind.READ) {
            put(map, "user_agent", caller.userAgent());
        }
        put(map, "result", result);
        put(map, "status", status);
        put(map, "error_code", errorCode);
        if (!changes.isEmpty()) {
            Map<String, Object> fields = new LinkedHashMap<>(changes.size() * 2);
            changes.forEach((field, change) -> {
                Map<String, Object> fromTo = new LinkedHashMap<>(4);
                fromTo.put("from", change.from());
                fromTo.put("to", change.to());
                fields.put(field, fromTo);
            });
            map.put("changes", fields);
        }
        return map;
    }

    private static void put(Map<String, Object> map, String name, @Nullable Object value) {
        if (value != null) {
            map.put(name, value);
        }
    }
}
