package io.fx.micronaut.events.jobs.internal;

import io.fx.micronaut.events.jobs.JobQueue;
import io.fx.micronaut.events.jobs.JobsConfiguration;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.ApplicationEventListener;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.core.annotation.Internal;

/**
 * Checks {@code fx.jobs} and the handlers while the application starts (a bad value or two handlers of one type
 * fail startup), makes the queue, and on startup lets the Redis store take jobs when this instance has handlers.
 */
@Internal
@Context
@Requires(property = JobsConfiguration.ENABLED, notEquals = "false")
final class JobsStartup implements ApplicationEventListener<StartupEvent> {

    private final JobHandlers handlers;
    private final JobQueue queue;

    JobsStartup(JobsSettings settings, JobHandlers handlers, JobQueue queue) {
        this.handlers = handlers;
        this.queue = queue;
    }

    @Override
    public void onApplicationEvent(StartupEvent event) {
        if (!handlers.isEmpty() && queue instanceof RedisJobQueue redis) {
            redis.start();
        }
    }
}
