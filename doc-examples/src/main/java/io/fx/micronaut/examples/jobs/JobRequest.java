package io.fx.micronaut.examples.jobs;

import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.ValidationViolation;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;

import java.io.IOException;
import java.io.UncheckedIOException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The body of {@code POST /api/admin/jobs}, checked: {@code type} (a type some handler runs), {@code payload} (a
 * JSON object, {@code {}} when absent; for {@code flaky}, {@code fail_times} a whole number from 0 to 1000) and
 * {@code delay_ms} (a whole number from 0 to a day, 0 when absent). Anything else is 422
 * {@code VALIDATION_ERROR} naming the field.
 *
 * @param type    the job type
 * @param payload the payload
 * @param delay   the delay before it may run
 * @since 0.8.0
 */
record JobRequest(@NonNull String type, @NonNull JsonNode payload, @NonNull Duration delay) {

    private static final Set<String> FIELDS = Set.of("type", "payload", "delay_ms");
    private static final long MAX_DELAY_MS = Duration.ofDays(1).toMillis();

    /**
     * @param body  the parsed body
     * @param types the job types with a handler
     * @param json  turns the payload into a JSON tree
     * @return the request
     * @throws io.fx.micronaut.exception.FxException 422 {@code VALIDATION_ERROR} listing every refused field
     */
    static JobRequest of(@NonNull Map<String, Object> body, @NonNull Set<String> types, @NonNull JsonMapper json) {
        List<ValidationViolation> violations = new ArrayList<>();
        for (String field : body.keySet()) {
            if (!FIELDS.contains(field)) {
                violations.add(new ValidationViolation(field, "unknown", field + " is not a field of a job request"));
            }
        }
        Object type = body.get("type");
        if (type == null) {
            violations.add(new ValidationViolation("type", "required", "type is required"));
        } else if (!(type instanceof String name) || !types.contains(name)) {
            violations.add(new ValidationViolation("type", "enum", "type must be one of " + String.join(", ",
                types.stream().sorted().toList())));
        }
        Object payload = body.get("payload");
        if (payload != null && !(payload instanceof Map<?, ?>)) {
            violations.add(new ValidationViolation("payload", "type", "payload must be a JSON object"));
        }
        Object delay = body.get("delay_ms");
        long delayMs = 0;
        if (delay != null) {
            if (delay instanceof Number number && number.doubleValue() == Math.rint(number.doubleValue())
                && number.doubleValue() >= 0 && number.doubleValue() <= MAX_DELAY_MS) {
                delayMs = number.longValue();
            } else {
                violations.add(new ValidationViolation("delay_ms", "range",
                    "delay_ms must be a whole number of milliseconds from 0 to " + MAX_DELAY_MS));
            }
        }
        JsonNode tree = payload instanceof Map<?, ?> ? tree(json, payload) : JsonNode.createObjectNode(Map.of());
        if (FlakyJob.TYPE.equals(type) && FlakyJob.failTimes(tree) < 0) {
            violations.add(new ValidationViolation("payload.fail_times", "range",
                "payload.fail_times must be a whole number from 0 to 1000"));
        }
        if (!violations.isEmpty()) {
            throw ErrorCode.VALIDATION_ERROR.exception("Validation failed", List.copyOf(violations), null);
        }
        return new JobRequest((String) type, tree, Duration.ofMillis(delayMs));
    }

    private static JsonNode tree(JsonMapper json, Object payload) {
        try {
            return json.writeValueToTree(payload);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
