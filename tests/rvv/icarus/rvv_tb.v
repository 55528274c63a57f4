// rvv_tb — runs one rvv program in a plain Verilog simulator (no C, no DPI)
// against rtl/sim/kc_dram_model.v, with the harness's reset and cycle protocol
// (harness/kc_sim.c, verilated/rvv_shim.cpp), so that the result, cycles,
// counters and final DRAM equal the Verilated run's (tests/rvv/icarus).
//
// Plusargs:
//   +load=F +nload=N     N lines "AAAAAAAADDDDDDDD": load-port writes (byte address,
//                        32-bit word) done while in reset; memories start zero
//   +args=F              8 argument words (a0..a7), one per line
//   +entry=N             entry pc (byte address)
//   +dram_beats=N        DRAM beats the testbench models (starts zero)
//   +dram_bytes=N        DRAM size the core checks addresses against
//   +lat=N +bw=N +limit=N DRAM latency, bandwidth (bytes/cycle), cycle limit
//   +out=F +out_dram=F   results ("key value" lines) and the final DRAM image
`default_nettype none

module rvv_tb;
    localparam integer NCNT = 10;
    localparam integer BEAT = 32;
    localparam integer MAXBEATS = 1 << 16;
    localparam integer MAXLOAD = 1 << 15;

    reg                 clk = 1'b0;
    reg                 rst = 1'b1;
    reg                 ld_we = 1'b0;
    reg  [31:0]         ld_addr = 32'd0, ld_wdata = 32'd0, entry = 32'd0;
    reg  [8*32-1:0]     args = '0;
    reg  [31:0]         dram_bytes = 32'd0, lat = 32'd64, bw = 32'd32, nbeats = 32'd0;

    wire                mem_req_valid, mem_req_ready, mem_req_write, mem_resp_valid;
    wire [31:0]         mem_req_addr;
    wire [BEAT*8-1:0]   mem_req_wdata, mem_resp_rdata;
    wire [BEAT-1:0]     mem_req_wstrb;
    wire                halted, trapped, retire_valid, dram_error;
    wire [3:0]          trap_cause;
    wire [31:0]         trap_pc, trap_info, retire_pc, retire_insn;
    wire [NCNT*32-1:0]  perf;

    rvv_top u_rvv (
        .clk(clk), .rst(rst), .ld_we(ld_we), .ld_addr(ld_addr), .ld_wdata(ld_wdata),
        .entry(entry), .args(args), .dram_bytes(dram_bytes),
        .mem_req_valid(mem_req_valid), .mem_req_ready(mem_req_ready),
        .mem_req_write(mem_req_write), .mem_req_addr(mem_req_addr),
        .mem_req_wdata(mem_req_wdata), .mem_req_wstrb(mem_req_wstrb),
        .mem_resp_valid(mem_resp_valid), .mem_resp_rdata(mem_resp_rdata),
        .halted(halted), .trapped(trapped), .trap_cause(trap_cause), .trap_pc(trap_pc),
        .trap_info(trap_info), .perf(perf),
        .retire_valid(retire_valid), .retire_pc(retire_pc), .retire_insn(retire_insn));

    kc_dram_model #(.BEAT(BEAT), .MAXBEATS(MAXBEATS)) u_dram (
        .clk(clk), .rst(rst), .lat(lat), .bw(bw), .nbeats(nbeats),
        .req_valid(mem_req_valid), .req_ready(mem_req_ready), .req_write(mem_req_write),
        .req_addr(mem_req_addr), .req_wdata(mem_req_wdata), .req_wstrb(mem_req_wstrb),
        .resp_valid(mem_resp_valid), .resp_rdata(mem_resp_rdata), .error(dram_error));

    reg [63:0]   loads [0:MAXLOAD-1];
    reg [31:0]   argw [0:7];
    reg [1023:0] f_load, f_args, f_out, f_out_dram;
    integer      nload, limit, cycles, i, fd;

    // One clock cycle: inputs settle in the low phase, everything samples at the
    // rising edge (the shim's eval with clk 0, then clk 1).
    task automatic edge_;
        begin
            #5 clk = 1'b1;
            #5 clk = 1'b0;
        end
    endtask

    task automatic need(input integer ok, input [8*16-1:0] name);
        if (!ok) begin
            $display("rvv_tb: missing plusarg +%0s=", name);
            $finish;
        end
    endtask

    initial begin
        need($value$plusargs("load=%s", f_load), "load");
        need($value$plusargs("nload=%d", nload), "nload");
        need($value$plusargs("args=%s", f_args), "args");
        need($value$plusargs("entry=%d", entry), "entry");
        need($value$plusargs("dram_beats=%d", nbeats), "dram_beats");
        need($value$plusargs("dram_bytes=%d", dram_bytes), "dram_bytes");
        need($value$plusargs("lat=%d", lat), "lat");
        need($value$plusargs("bw=%d", bw), "bw");
        need($value$plusargs("limit=%d", limit), "limit");
        need($value$plusargs("out=%s", f_out), "out");
        need($value$plusargs("out_dram=%s", f_out_dram), "out_dram");
        if (nbeats > MAXBEATS || nload > MAXLOAD || lat < 1 || lat > 4096 || bw < 1) begin
            $display("rvv_tb: image, load list, latency or bandwidth out of range");
            $finish;
        end
        if (nload > 0)
            $readmemh(f_load, loads, 0, nload - 1);
        $readmemh(f_args, argw);
        for (i = 0; i < 8; i = i + 1)
            args[i*32 +: 32] = argw[i];
        for (i = 0; i < nbeats; i = i + 1)
            u_dram.mem[i] = '0;

        // The shim's reset: two edges, one per load-port write, two more, release.
        edge_();
        edge_();
        for (i = 0; i < nload; i = i + 1) begin
            ld_we    = 1'b1;
            ld_addr  = loads[i][63:32];
            ld_wdata = loads[i][31:0];
            edge_();
        end
        ld_we    = 1'b0;
        ld_addr  = 32'd0;
        ld_wdata = 32'd0;
        edge_();
        edge_();
        rst = 1'b0;

        // harness/kc_sim.c: stop before an edge once the core has halted or trapped
        cycles = 0;
        #1;
        while (!halted && !trapped && cycles < limit) begin
            edge_();
            cycles = cycles + 1;
            #1;
        end

        fd = $fopen(f_out, "w");
        $fwrite(fd, "result %0s\n", halted ? "halted" : trapped ? "trapped" : "timeout");
        $fwrite(fd, "cycles %0d\n", cycles);
        $fwrite(fd, "trap_cause %0d\ntrap_pc %0d\ntrap_info %0d\n",
                trapped ? trap_cause : 4'd0, trapped ? trap_pc : 32'd0, trapped ? trap_info : 32'd0);
        for (i = 0; i < NCNT; i = i + 1)
            $fwrite(fd, "counter%0d %0d\n", i, perf[i*32 +: 32]);
        $fclose(fd);
        fd = $fopen(f_out_dram, "w");
        for (i = 0; i < nbeats; i = i + 1)
            $fwrite(fd, "%h\n", u_dram.mem[i]);
        $fclose(fd);
        if (dram_error)
            $display("rvv_tb: the DRAM model saw an access outside its %0d beats", nbeats);
        $finish;
    end
endmodule

`default_nettype wire
