package io.fx.micronaut.testsuite.events;

import io.fx.micronaut.model.DirectiveSite;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldDirective;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;

/**
 * A module's directive that marks a field redacted (as {@code encrypted} will): reads return it, copies of the
 * record (events, outbox rows) leave it out. Tests {@link FieldDescriptor#isRedacted()} from outside the core.
 */
@Singleton
public class ConfidentialDirective implements FieldDirective {

    @Override
    @NonNull
    public String name() {
        return "confidential";
    }

    @Override
    public void apply(@NonNull FieldDescriptor.Builder field, @Nullable Object value, @NonNull DirectiveSite site) {
        field.redacted(true);
    }
}
