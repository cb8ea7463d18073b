package io.fx.micronaut.pipeline;

import io.fx.micronaut.db.Page;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.Map;
import java.util.Objects;

/**
 * What the DB step (or a custom action's handler) produced, which the Response step renders: one record
 * of the request's model, a page of them, a deletion, or a plain JSON value.
 *
 * <pre>{@code
 * if (context.payload().getResult().orElse(null) instanceof OperationResult.PageResult page) {
 *     ... page.page().rows() ...
 * }
 * }</pre>
 *
 * @since 0.7.0
 */
public sealed interface OperationResult
    permits OperationResult.RecordResult, OperationResult.PageResult, OperationResult.DeleteResult,
    OperationResult.ValueResult {

    /**
     * @param record a stored record of the request's model (read, create, update)
     * @return the result, answered as {@code {"data": record}} with the model's readable fields
     */
    @NonNull
    static RecordResult record(@NonNull Map<String, Object> record) {
        return new RecordResult(record);
    }

    /**
     * @param page a page of records of the request's model (list)
     * @return the result, answered with {@code data} and {@code meta}
     */
    @NonNull
    static PageResult page(@NonNull Page page) {
        return new PageResult(page);
    }

    /** @return the result of a delete, answered 204 */
    @NonNull
    static DeleteResult deleted() {
        return DeleteResult.INSTANCE;
    }

    /**
     * @param value a JSON value (map, list, string, number, boolean), a custom action's answer
     *              ({@link FxResponse} included), or a sub-resource's; null for none
     * @return the result
     */
    @NonNull
    static ValueResult value(@Nullable Object value) {
        return new ValueResult(value);
    }

    /**
     * One record of the request's model.
     *
     * @param record the stored record
     */
    record RecordResult(@NonNull Map<String, Object> record) implements OperationResult {
        /** Checks the record is present. */
        public RecordResult {
            Objects.requireNonNull(record, "record");
        }
    }

    /**
     * A page of records of the request's model.
     *
     * @param page the page
     */
    record PageResult(@NonNull Page page) implements OperationResult {
        /** Checks the page is present. */
        public PageResult {
            Objects.requireNonNull(page, "page");
        }
    }

    /** A deletion. */
    final class DeleteResult implements OperationResult {
        private static final DeleteResult INSTANCE = new DeleteResult();

        private DeleteResult() {
        }

        @Override
        public String toString() {
            return "DeleteResult";
        }
    }

    /**
     * A JSON value, as a custom action or a sub-resource answers.
     *
     * @param value the value, or null for none
     */
    record ValueResult(@Nullable Object value) implements OperationResult {
    }
}
