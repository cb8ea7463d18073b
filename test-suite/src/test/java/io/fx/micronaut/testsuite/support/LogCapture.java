package io.fx.micronaut.testsuite.support;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.slf4j.LoggerFactory;

/** Captures what one logger writes while open. */
public final class LogCapture implements AutoCloseable {

    private final Logger logger;
    private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

    public LogCapture(String loggerName) {
        this.logger = (Logger) LoggerFactory.getLogger(loggerName);
        appender.start();
        logger.addAppender(appender);
    }

    /** @return every formatted message so far, one per line */
    public String text() {
        return String.join("\n", events().stream().map(ILoggingEvent::getFormattedMessage).toList());
    }

    /**
     * @return every event so far, with its level; copied under the appender's lock, which logback holds while it
     *     appends (another thread may be logging while a test reads)
     */
    public java.util.List<ILoggingEvent> events() {
        synchronized (appender) {
            return java.util.List.copyOf(appender.list);
        }
    }

    @Override
    public void close() {
        logger.detachAppender(appender);
    }
}
