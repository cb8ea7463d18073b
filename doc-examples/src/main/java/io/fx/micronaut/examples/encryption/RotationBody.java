package io.fx.micronaut.examples.encryption;

import io.fx.micronaut.encryption.RotationRequest;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.ValidationViolation;
import io.micronaut.core.annotation.NonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The body of {@code POST /api/admin/rotate-keys}: {@code model} and {@code to} (strings), {@code from} (a string,
 * or null to encrypt legacy plain text), {@code after_id} (a string or null), {@code limit} (rows in this run, 0 or
 * absent for all) and {@code dry_run} (a boolean). Anything else is 422 {@code VALIDATION_ERROR} naming the field.
 *
 * @since 0.10.0
 */
final class RotationBody {

    private static final Set<String> FIELDS = Set.of("model", "from", "to", "after_id", "limit", "dry_run");

    private RotationBody() {
    }

    static RotationRequest parse(@NonNull Map<String, Object> body) {
        List<ValidationViolation> violations = new ArrayList<>();
        for (String field : body.keySet()) {
            if (!FIELDS.contains(field)) {
                violations.add(new ValidationViolation(field, "unknown", field + " is not a field of a rotation"));
            }
        }
        String model = text(body, "model", true, violations);
        String from = text(body, "from", false, violations);
        String to = text(body, "to", true, violations);
        String afterId = text(body, "after_id", false, violations);
        Object limit = body.get("limit");
        int maxRows = 0;
        if (limit != null && (!(limit instanceof Number n) || n.longValue() < 0 || n.longValue() > Integer.MAX_VALUE
            || n.doubleValue() != n.longValue())) {
            violations.add(new ValidationViolation("limit", "min", "limit must be a whole number, 0 or more"));
        } else if (limit != null) {
            maxRows = ((Number) limit).intValue();
        }
        Object dryRun = body.get("dry_run");
        if (dryRun != null && !(dryRun instanceof Boolean)) {
            violations.add(new ValidationViolation("dry_run", "type", "dry_run must be true or false"));
        }
        if (!violations.isEmpty()) {
            throw ErrorCode.VALIDATION_ERROR.exception("Validation failed", List.copyOf(violations), null);
        }
        return new RotationRequest(model, from, to, afterId, RotationRequest.DEFAULT_BATCH_SIZE, maxRows,
            Boolean.TRUE.equals(dryRun));
    }

    private static String text(Map<String, Object> body, String field, boolean required, List<ValidationViolation> violations) {
        Object value = body.get(field);
        if (value == null) {
            if (required) {
                violations.add(new ValidationViolation(field, "required", field + " is required"));
            }
            return null;
        }
        if (!(value instanceof String text) || text.isBlank()) {
            violations.add(new ValidationViolation(field, "type", field + " must be a non-empty string"));
            return null;
        }
        return text;
    }
}
