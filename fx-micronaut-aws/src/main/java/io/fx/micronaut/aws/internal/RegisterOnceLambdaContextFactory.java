package io.fx.micronaut.aws.internal;

import com.amazonaws.services.lambda.runtime.ClientContext;
import com.amazonaws.services.lambda.runtime.CognitoIdentity;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.LambdaLogger;
import io.micronaut.context.BeanContext;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.function.aws.DefaultLambdaContextFactory;
import io.micronaut.function.aws.LambdaContextFactory;
import jakarta.inject.Singleton;

/**
 * Registers the Lambda context beans once per function instance instead of on every invocation. Micronaut's
 * {@link DefaultLambdaContextFactory} registers the invocation's {@link Context} (and its logger, client context and
 * identity) as singletons on each call; every registration makes the bean context look the type up across all bean
 * definitions and drops its caches, a cost per invocation that grows with the application's bean count. Here
 * {@code Context} is registered on the first invocation as a bean that answers for the current one
 * ({@link CurrentLambdaContext}); the logger, client context and identity are registered the first time an
 * invocation carries one and, like the context, answer for the current invocation (null values where it carries
 * none).
 */
@Internal
@Singleton
@Replaces(DefaultLambdaContextFactory.class)
final class RegisterOnceLambdaContextFactory implements LambdaContextFactory {

    private final BeanContext beanContext;
    private CurrentLambdaContext context;
    private boolean loggerRegistered;
    private boolean clientContextRegistered;
    private boolean identityRegistered;

    RegisterOnceLambdaContextFactory(BeanContext beanContext) {
        this.beanContext = beanContext;
    }

    @Override
    public synchronized void registerSingletons(@NonNull Context invocation) {
        CurrentLambdaContext current = context;
        if (current == null) {
            current = new CurrentLambdaContext(invocation);
            beanContext.registerSingleton(Context.class, current);
            context = current;
        } else {
            current.set(invocation);
        }
        if (!loggerRegistered && invocation.getLogger() != null) {
            beanContext.registerSingleton(LambdaLogger.class, new CurrentLambdaLogger(current));
            loggerRegistered = true;
        }
        if (!clientContextRegistered && invocation.getClientContext() != null) {
            beanContext.registerSingleton(ClientContext.class, new CurrentClientContext(current));
            clientContextRegistered = true;
        }
        if (!identityRegistered && invocation.getIdentity() != null) {
            beanContext.registerSingleton(CognitoIdentity.class, new CurrentCognitoIdentity(current));
            identityRegistered = true;
        }
    }
}
