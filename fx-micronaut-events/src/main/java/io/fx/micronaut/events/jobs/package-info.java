/**
 * The job queue: {@link io.fx.micronaut.events.jobs.JobQueue} runs {@link io.fx.micronaut.events.jobs.JobHandler}
 * beans by job type, in process ({@code fx.jobs.store: memory}) or on a Redis Stream shared by every instance
 * ({@code redis}), with delays, retries with backoff, dead jobs and a status per job.
 *
 * @since 0.7.0
 */
package io.fx.micronaut.events.jobs;
