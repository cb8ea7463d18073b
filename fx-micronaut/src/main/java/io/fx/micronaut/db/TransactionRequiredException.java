package io.fx.micronaut.db;

import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxException;
import io.micronaut.core.annotation.NonNull;

/**
 * Raised when an operation that needs an active transaction, such as
 * {@link DataStore#lockForUpdate}, runs outside one. A programming error: it answers 500 with the code
 * {@value #CODE} and the message is logged, never sent.
 *
 * @since 0.2.0
 */
public class TransactionRequiredException extends FxException {

    /** The error code. */
    public static final String CODE = "TX_REQUIRED";


    /**
     * @param operation what needed the transaction, for the message
     */
    public TransactionRequiredException(@NonNull String operation) {
        super(ErrorCode.TX_REQUIRED.status(), ErrorCode.TX_REQUIRED.name(), operation + " needs an active transaction; start one with inTransaction(...) "
            + "or register TransactionMiddleware on the Service step");
    }
}
