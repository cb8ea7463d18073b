package io.fx.micronaut.files.internal;

import io.fx.micronaut.files.FileStorage;
import io.fx.micronaut.files.FilesConfiguration;
import io.fx.micronaut.files.objectstorage.ObjectStorageFileStorage;
import io.micronaut.context.BeanContext;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.condition.Condition;
import io.micronaut.context.condition.ConditionContext;
import io.micronaut.context.exceptions.ConfigurationException;
import io.micronaut.context.exceptions.NonUniqueBeanException;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.inject.qualifiers.Qualifiers;
import io.micronaut.objectstorage.ObjectStorageOperations;
import jakarta.inject.Singleton;

/**
 * The storage of file fields over an {@code ObjectStorageOperations} bean (micronaut-object-storage-aws, -gcp,
 * -azure), when the application brings one and {@code fx.files.local.root} is not set: the bean named by
 * {@code fx.files.object-storage}, else the only one (several without a name fail startup).
 */
@Factory
@Requires(property = FilesConfiguration.ENABLED, notEquals = "false")
@Requires(classes = ObjectStorageOperations.class)
final class ObjectStorageFactory {

    @Singleton
    @Requires(beans = ObjectStorageOperations.class)
    @Requires(condition = ObjectStorageFactory.NoLocalRoot.class)
    @Requires(missingBeans = FileStorage.class)
    FileStorage objectFileStorage(BeanContext beans, FilesConfiguration configuration) {
        String name = configuration.getObjectStorage().orElse(null);
        ObjectStorageOperations<?, ?, ?> operations;
        try {
            operations = name == null ? beans.getBean(ObjectStorageOperations.class)
                : beans.getBean(ObjectStorageOperations.class, Qualifiers.byName(name));
        } catch (NonUniqueBeanException e) {
            throw new ConfigurationException("Several object storages are configured; name the one for files in "
                + FilesConfiguration.PREFIX + ".object-storage");
        }
        return new ObjectStorageFileStorage(operations);
    }

    /** Holds when {@code fx.files.local.root} is unset or blank: the local storage comes first. */
    static final class NoLocalRoot implements Condition {
        @Override
        public boolean matches(@Nullable ConditionContext context) {
            return context == null || context.getBeanContext() == null
                || !(context.getBeanContext() instanceof io.micronaut.context.ApplicationContext application)
                || application.getProperty(FilesConfiguration.LOCAL_ROOT, String.class).map(String::isBlank)
                    .orElse(true);
        }
    }
}
