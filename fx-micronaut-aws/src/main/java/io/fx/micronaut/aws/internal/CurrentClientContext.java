package io.fx.micronaut.aws.internal;

import com.amazonaws.services.lambda.runtime.Client;
import com.amazonaws.services.lambda.runtime.ClientContext;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.Nullable;

import java.util.Map;

/** The {@link ClientContext} bean: the current invocation's, each value null when it carries none. */
@Internal
final class CurrentClientContext implements ClientContext {

    private final CurrentLambdaContext context;

    CurrentClientContext(CurrentLambdaContext context) {
        this.context = context;
    }

    @Override
    @Nullable
    public Client getClient() {
        ClientContext current = context.getClientContext();
        return current == null ? null : current.getClient();
    }

    @Override
    @Nullable
    public Map<String, String> getCustom() {
        ClientContext current = context.getClientContext();
        return current == null ? null : current.getCustom();
    }

    @Override
    @Nullable
    public Map<String, String> getEnvironment() {
        ClientContext current = context.getClientContext();
        return current == null ? null : current.getEnvironment();
    }
}
