package io.fx.micronaut.testsuite.model;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.annotation.SoftDelete;
import io.fx.micronaut.model.BaseModel;

import java.time.Instant;

/**
 * A model for keyset pagination: sortable fields of every scalar type, nullable and with duplicate values, one
 * indexed for lists ({@code index}), and soft delete.
 */
@FxModel(softDelete = SoftDelete.TIMESTAMP, timestamps = "sortable")
public class Reading extends BaseModel {

    @Fx("filterable, sortable, index")
    private String series;
    @Fx("filterable, sortable")
    private Long level;
    @Fx("sortable")
    private Double weight;
    @Fx("sortable")
    private Boolean flag;
    @Fx("sortable")
    private Instant takenAt;

    public String getSeries() { return series; }
    public void setSeries(String series) { this.series = series; }
    public Long getLevel() { return level; }
    public void setLevel(Long level) { this.level = level; }
    public Double getWeight() { return weight; }
    public void setWeight(Double weight) { this.weight = weight; }
    public Boolean getFlag() { return flag; }
    public void setFlag(Boolean flag) { this.flag = flag; }
    public Instant getTakenAt() { return takenAt; }
    public void setTakenAt(Instant takenAt) { this.takenAt = takenAt; }
}
