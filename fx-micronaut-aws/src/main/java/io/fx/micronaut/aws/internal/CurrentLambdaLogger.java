package io.fx.micronaut.aws.internal;

import com.amazonaws.services.lambda.runtime.LambdaLogger;
import com.amazonaws.services.lambda.runtime.logging.LogLevel;
import io.micronaut.core.annotation.Internal;

/**
 * The {@link LambdaLogger} bean: the logger of the current invocation; a message logged while the current
 * invocation carries none is dropped.
 */
@Internal
final class CurrentLambdaLogger implements LambdaLogger {

    private final CurrentLambdaContext context;

    CurrentLambdaLogger(CurrentLambdaContext context) {
        this.context = context;
    }

    @Override
    public void log(String message) {
        LambdaLogger logger = context.getLogger();
        if (logger != null) {
            logger.log(message);
        }
    }

    @Override
    public void log(byte[] message) {
        LambdaLogger logger = context.getLogger();
        if (logger != null) {
            logger.log(message);
        }
    }

    @Override
    public void log(String message, LogLevel level) {
        LambdaLogger logger = context.getLogger();
        if (logger != null) {
            logger.log(message, level);
        }
    }

    @Override
    public void log(byte[] message, LogLevel level) {
        LambdaLogger logger = context.getLogger();
        if (logger != null) {
            logger.log(message, level);
        }
    }
}
