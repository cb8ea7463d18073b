package io.fx.micronaut.pipeline;

import io.micronaut.core.annotation.NonNull;

import java.util.Collection;

/**
 * Declares the operations a module's own routes run (a module's actions declared with
 * {@code Action.operation(...)}), so that middleware may name them in {@link FxMiddleware#operations()}: a name no
 * route runs fails startup, and these are known as the generated operations and those of the sub-resources are.
 * Declare one as a bean.
 *
 * <pre>{@code
 * @Singleton
 * final class FileOperationCatalog implements OperationCatalog {
 *     public Collection<Operation> operations() {
 *         return List.of(FileOperations.FILE_UPLOAD, FileOperations.FILE_DOWNLOAD, FileOperations.FILE_DELETE);
 *     }
 * }
 * }</pre>
 *
 * @since 0.9.0
 */
@FunctionalInterface
public interface OperationCatalog {

    /** @return the operations the module's routes run */
    @NonNull
    Collection<Operation> operations();
}
