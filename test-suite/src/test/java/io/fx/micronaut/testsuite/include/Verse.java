package io.fx.micronaut.testsuite.include;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.annotation.SoftDelete;
import io.fx.micronaut.model.BaseModel;

/** Include-limit test model: belongs to a poet and, optionally, to an anthology. */
@FxModel(softDelete = SoftDelete.TIMESTAMP)
public class Verse extends BaseModel {

    @Fx("required, filterable")
    private String title;
    @Fx("filterable, onDelete:cascade")
    private String poetId;
    @Fx("filterable")
    private String anthologyId;

    public String getTitle() { return title; }
    public void setTitle(String title) { this.title = title; }
    public String getPoetId() { return poetId; }
    public void setPoetId(String poetId) { this.poetId = poetId; }
    public String getAnthologyId() { return anthologyId; }
    public void setAnthologyId(String anthologyId) { this.anthologyId = anthologyId; }
}
