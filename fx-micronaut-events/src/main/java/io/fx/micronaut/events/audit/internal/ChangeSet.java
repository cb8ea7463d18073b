package io.fx.micronaut.events.audit.internal;

import io.fx.micronaut.db.RecordChange;
import io.fx.micronaut.events.audit.FieldChange;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldRole;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.RecordRenderer;
import io.micronaut.core.annotation.Internal;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * An update's changes, {@code {field: {from, to}}}, from the store's own before and after images rendered as a read
 * renders them, without the redacted fields ({@link FieldDescriptor#isRedacted()}: marked so, or unreadable) and
 * without {@code updated_at}, which every update changes.
 */
@Internal
final class ChangeSet {

    private ChangeSet() {
    }

    static Map<String, FieldChange> of(RecordRenderer renderer, RecordChange change) {
        ModelDescriptor model = change.getModel();
        Map<String, Object> before = change.getBefore().orElse(null);
        Map<String, Object> after = change.getAfter().orElse(null);
        if (before == null || after == null) {
            return Map.of();
        }
        Map<String, Object> from = renderer.renderRedacted(model, before);
        Map<String, Object> to = renderer.renderRedacted(model, after);
        Map<String, FieldChange> changes = new LinkedHashMap<>();
        for (Map.Entry<String, Object> field : to.entrySet()) {
            FieldDescriptor descriptor = model.findField(field.getKey()).orElse(null);
            if (descriptor == null || descriptor.isRedacted() || descriptor.role() == FieldRole.UPDATED_AT) {
                continue;
            }
            Object old = from.get(field.getKey());
            if (!Objects.equals(old, field.getValue())) {
                changes.put(field.getKey(), new FieldChange(old, field.getValue()));
            }
        }
        return changes;
    }
}
