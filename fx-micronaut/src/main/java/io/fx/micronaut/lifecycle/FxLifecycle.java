package io.fx.micronaut.lifecycle;

import io.fx.micronaut.config.FxConfiguration;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.BeanContext;
import io.micronaut.context.env.Environment;
import io.micronaut.context.event.ShutdownEvent;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Order;
import io.micronaut.core.order.Ordered;
import io.micronaut.runtime.event.annotation.EventListener;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.runtime.server.event.ServerShutdownEvent;
import io.micronaut.runtime.server.event.ServerStartupEvent;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Tracks the readiness state and the generated requests in flight. At startup it runs
 * auto-migration (unless disabled; then it verifies the schema, unless {@code fx.verify-schema=false}) and becomes
 * ready once the server has started, or at startup when no server will start (no server bean, or the
 * {@code function} environment of a serverless function, whose server bean is never started); at shutdown it
 * turns to stopping and waits up to {@code fx.shutdown-timeout} for in-flight requests to finish.
 *
 * @since 0.1.0
 */
@Singleton
public class FxLifecycle {

    private static final Logger LOG = LoggerFactory.getLogger(FxLifecycle.class);
    private static final Duration FLUSH_GRACE = Duration.ofMillis(250);

    private final FxConfiguration configuration;
    private final BeanContext beans;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition drained = lock.newCondition();
    private volatile ReadinessState state = ReadinessState.STARTING;

    /**
     * @param configuration server configuration
     * @param beans         the bean context
     */
    public FxLifecycle(@NonNull FxConfiguration configuration, @NonNull BeanContext beans) {
        this.configuration = configuration;
        this.beans = beans;
    }

    /** @return the readiness state */
    @NonNull
    public ReadinessState getState() {
        return state;
    }

    /** @return the number of generated requests in flight */
    public int getInFlight() {
        return inFlight.get();
    }

    /** Marks a generated request as started; the web layer calls it. */
    public void requestStarted() {
        inFlight.incrementAndGet();
    }

    /** Marks a generated request as finished; the web layer calls it. */
    public void requestFinished() {
        if (inFlight.decrementAndGet() == 0 && state == ReadinessState.STOPPING) {
            lock.lock();
            try {
                drained.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }

    /**
     * Runs auto-migration at startup, or verifies the schema when it is off; becomes ready here when no HTTP server
     * will start (a serverless function, a plain application context).
     *
     * @param event the startup event
     */
    @EventListener
    void onStartup(StartupEvent event) {
        if (!configuration.isDisableAutoMigrate()) {
            beans.getBean(FxMigration.class).migrate();
        } else if (configuration.isVerifySchema()) {
            beans.getBean(FxMigration.class).verify();
        }
        if (!beans.containsBean(EmbeddedServer.class) || isFunction()) {
            state = ReadinessState.READY;
        }
    }

    /**
     * A serverless function (Micronaut's AWS Lambda handlers run in the {@code function} environment) never starts
     * the server whose bean Netty on the classpath still defines, so it is ready once started.
     */
    private boolean isFunction() {
        return beans instanceof ApplicationContext context
            && context.getEnvironment().getActiveNames().contains(Environment.FUNCTION);
    }

    /**
     * Becomes ready, after every other server-startup listener has run.
     *
     * @param event the server startup event
     */
    @EventListener
    @Order(Ordered.LOWEST_PRECEDENCE)
    void onServerStartup(ServerStartupEvent event) {
        state = ReadinessState.READY;
    }

    /**
     * Turns to stopping and drains in-flight requests. The server publishes this event once it has
     * stopped accepting connections while its event loops still serve the open ones (Netty's
     * graceful quiet period), so requests in flight can still complete and {@code /ready} answers
     * 503 on kept-alive connections.
     *
     * @param event the server shutdown event
     */
    @EventListener
    void onServerShutdown(ServerShutdownEvent event) {
        drain(configuration.getShutdownTimeout());
    }

    /**
     * Drains in-flight work when the context stops without a server (a function, a test context).
     *
     * @param event the shutdown event
     */
    @EventListener
    void onShutdown(ShutdownEvent event) {
        if (state != ReadinessState.STOPPING) {
            drain(configuration.getShutdownTimeout());
        }
    }

    /**
     * Turns to stopping and waits for in-flight requests, at most the given time.
     *
     * @param timeout the longest wait
     * @return whether every request finished in time
     */
    public boolean drain(@NonNull Duration timeout) {
        state = ReadinessState.STOPPING;
        long deadline = System.nanoTime() + timeout.toNanos();
        boolean waited = false;
        lock.lock();
        try {
            while (inFlight.get() > 0) {
                waited = true;
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    LOG.warn("Shutdown timeout of {} reached with {} requests in flight", timeout, inFlight.get());
                    return false;
                }
                drained.awaitNanos(left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            lock.unlock();
        }
        if (waited) {
            flushGrace(deadline);
        }
        return true;
    }

    /**
     * A request counts as finished when its handler returns, just before the server writes the
     * answer; a short pause lets those last writes reach the client before connections close.
     */
    private static void flushGrace(long deadline) {
        long pause = Math.min(FLUSH_GRACE.toNanos(), deadline - System.nanoTime());
        if (pause > 0) {
            try {
                Thread.sleep(pause / 1_000_000, (int) (pause % 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
