package io.fx.micronaut.db;

/**
 * The database deadline of the work one thread does for one request, from
 * {@link DatabaseDeadlines#start}. Every statement the store runs on that thread gets what is left of
 * it, and so does every wait for a pooled connection; when it passes, the running statement is
 * cancelled and the call fails with 504 {@code TIMEOUT}. Close it on the thread that started it, when
 * the request is done.
 *
 * @since 0.3.0
 */
public interface DatabaseDeadline extends AutoCloseable {

    /**
     * Abandons the work because its caller went away: the running statement is cancelled (on another
     * thread, soon after), a connection wait stops, and no further statement starts. Safe to call from
     * any thread, including an event loop, and more than once.
     */
    void cancel();

    /** Ends the deadline on the thread that started it. */
    @Override
    void close();
}
