package io.fx.micronaut.pipeline.step;

import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.PipelineStep;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.validation.RecordValidator;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Order;
import jakarta.inject.Singleton;

/**
 * The Validate step's default: on create and update, replaces the body with the validated, cast
 * values of the writable fields, or answers 422 {@code VALIDATION_ERROR} listing every violation.
 *
 * @since 0.1.0
 */
@Singleton
@Order(300)
public class DefaultValidateStep implements PipelineStep {

    private final RecordValidator validator;

    /**
     * @param validator the record validator
     */
    public DefaultValidateStep(RecordValidator validator) {
        this.validator = validator;
    }

    @Override
    @NonNull
    public Step step() {
        return Step.VALIDATE;
    }

    @Override
    public void handle(@NonNull RequestContext context, @NonNull Next next) {
        Operation operation = context.getOperation();
        if ((Operation.CREATE.equals(operation) || Operation.UPDATE.equals(operation)) && context.payload().getBody() != null) {
            context.payload().setBody(validator.validate(context.getModel(), context.payload().getBody(), Operation.CREATE.equals(operation)));
        }
        next.next();
    }
}
