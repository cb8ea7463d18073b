package io.fx.micronaut.aws;

import io.fx.micronaut.db.MigrationReport;
import io.fx.micronaut.lifecycle.FxMigration;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.ApplicationContextBuilder;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.function.aws.MicronautRequestHandler;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A Lambda function that migrates the schema, explicitly, when invoked (a deployment step, a custom resource), so
 * that the API functions never migrate on a cold start ({@code fx.disable-auto-migrate: true} in their
 * configuration, whose startup then only verifies the schema). Runs {@link FxMigration#migrate()} and answers its
 * {@link MigrationReport} as {@code {"tablesCreated":[...],"columnsAdded":[...],"drift":[...]}}; the input is
 * ignored. Its own context neither migrates at startup nor verifies the schema it is there to create, and, as the
 * API functions', creates singletons when first needed. Set the
 * function's handler to {@code io.fx.micronaut.aws.MigrationFunction::handleRequest}.
 *
 * @since 0.9.0
 */
public class MigrationFunction extends MicronautRequestHandler<Map<String, Object>, Map<String, Object>> {

    /** Starts the application, as the Lambda runtime does on a cold start. */
    public MigrationFunction() {
        super();
    }

    /**
     * @param context a started application context (started with auto-migration off and {@code fx.verify-schema:
     *                false}, or on a schema that already verifies)
     */
    public MigrationFunction(@NonNull ApplicationContext context) {
        super(context);
    }

    @Override
    @NonNull
    protected ApplicationContextBuilder newApplicationContextBuilder() {
        return FunctionContexts.builder().properties(Map.of("fx.disable-auto-migrate", true, "fx.verify-schema", false));
    }

    @Override
    @NonNull
    public Map<String, Object> execute(@Nullable Map<String, Object> input) {
        MigrationReport report = getApplicationContext().getBean(FxMigration.class).migrate();
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("tablesCreated", report.tablesCreated());
        answer.put("columnsAdded", report.columnsAdded());
        answer.put("drift", report.drift());
        return answer;
    }
}
