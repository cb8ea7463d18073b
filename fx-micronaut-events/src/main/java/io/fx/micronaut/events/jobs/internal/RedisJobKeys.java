package io.fx.micronaut.events.jobs.internal;

import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;

/**
 * The Redis store's keys under {@code fx.jobs.prefix}.
 *
 * @param prefix the prefix
 */
@Internal
record RedisJobKeys(@NonNull String prefix) {

    /** The consumer group every instance reads in. */
    static final String GROUP = "fx-jobs";

    String stream() {
        return prefix + ":stream";
    }

    String delayed() {
        return prefix + ":delayed";
    }

    String dead() {
        return prefix + ":dead";
    }

    /** @return the prefix of the job hashes */
    String jobs() {
        return prefix + ":job:";
    }

    String job(String id) {
        return jobs() + id;
    }

    /** @return the prefix of the unique-key holders */
    String uniques() {
        return prefix + ":unique:";
    }
}
