package io.fx.micronaut.pipeline;

import io.fx.micronaut.config.TraceConfiguration;

/**
 * A {@link TraceConfiguration} made in code.
 *
 * @param enabled whether tracing is on
 * @param timings whether durations are logged
 * @param aborts  whether aborts are logged
 * @param skips   whether filtered-out registrations are logged
 */
record TraceSettings(boolean enabled, boolean timings, boolean aborts, boolean skips) implements TraceConfiguration {

    /** Tracing off, as by default. */
    static final TraceSettings OFF = new TraceSettings(false, true, true, false);
    /** Timings and aborts only. */
    static final TraceSettings TIMINGS_AND_ABORTS = new TraceSettings(true, true, true, false);

    @Override
    public boolean isEnabled() {
        return enabled;
    }

    @Override
    public boolean isSteps() {
        return false;
    }

    @Override
    public boolean isTimings() {
        return timings;
    }

    @Override
    public boolean isAborts() {
        return aborts;
    }

    @Override
    public boolean isBodies() {
        return false;
    }

    @Override
    public boolean isSkips() {
        return skips;
    }
}
