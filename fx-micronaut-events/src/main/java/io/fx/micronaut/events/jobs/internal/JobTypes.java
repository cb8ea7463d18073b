package io.fx.micronaut.events.jobs.internal;

import io.micronaut.core.annotation.Internal;

/** The check every store makes of a job type. */
@Internal
final class JobTypes {

    private JobTypes() {
    }

    /** @throws IllegalArgumentException when the type is blank */
    static void check(String type) {
        if (type == null || type.isBlank()) {
            throw new IllegalArgumentException("A job type must not be blank");
        }
    }
}
